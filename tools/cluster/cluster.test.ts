import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TestProvider } from '@hustle/server/testing/oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../bench/postgres-schema.ts';
import { createAutomations, firings, makeDue } from './automations.ts';
import {
  IP_CODE_REQUESTS,
  METRICS_TOKEN,
  SCHEDULER_INTERVAL_MS,
  startCluster,
  type Cluster,
  type Instance,
} from './cluster.ts';
import { keepStreaming, openEventStream } from './event-stream.ts';
import { planADay } from './planning-day.ts';
import { call, callOk, send, type Route } from './http.ts';
import { PROVIDER_NAME, reserveProvider, signInBySingleSignOn } from './single-sign-on.ts';
import { sharingPair, signIn, viaNginx, type User } from './users.ts';

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** The nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const ascending = values.toSorted((x, y) => x - y);
  const rank = Math.max(1, Math.ceil((p / 100) * ascending.length));
  return ascending[rank - 1]!;
}

/** Runs a command-line tool the way docs/deploy.md shows it; its output, or a failure. */
function run(command: string, args: string[], input?: string): string {
  const result = spawnSync(command, args, { encoding: 'utf8', ...(input ? { input } : {}) });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The sum of every sample of a metric family whose line starts with `series`. */
function total(exposition: string, series: string): number {
  return exposition
    .split('\n')
    .filter((line) => line.startsWith(series) && !line.startsWith('#'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('three servers behind nginx on one PostgreSQL', () => {
  let cluster: Cluster;
  let a: Instance, b: Instance, c: Instance;
  let provider: TestProvider;
  const startedAt = performance.now();
  const email = (name: string) => `${name}@cluster.example.com`;
  const direct = (instance: Instance, user: User): Route => ({
    origin: instance.origin,
    from: user.from,
  });

  beforeAll(async () => {
    const singleSignOn = await reserveProvider();
    cluster = await startCluster({
      databaseUrl,
      instances: ['a', 'b', 'c'],
      env: { ...singleSignOn.env, ADMIN_EMAILS: email('admin') },
    });
    [a, b, c] = cluster.instances as [Instance, Instance, Instance];
    provider = await singleSignOn.start(cluster.origin);
    console.log(`cluster up in ${seconds(performance.now() - startedAt)}`);
  });
  afterAll(async () => {
    await provider?.close();
    await cluster?.stop();
    console.log(`cluster test took ${seconds(performance.now() - startedAt)}`);
  });

  it('signs in with a code asked for on one server and used on another', async () => {
    const ada = await signIn(cluster, email('ada'), '127.0.1.1', {
      request: a.origin,
      login: b.origin,
    });
    expect(new Set([a.origin, b.origin]).size).toBe(2);
    const session = await callOk(direct(c, ada), 'getSession', {}, ada.token);
    expect(session.email).toBe(email('ada'));
    // Used up through b, the code is refused through c: the state is in the database.
    const again = await call(direct(c, ada), 'loginWithCode', {
      body: { email: ada.email, code: cluster.mail.codeFor(ada.email) },
    });
    expect(again.status).toBe(400);
  });

  it('signs in by OpenID Connect started on a and finished on b, then works through nginx and c', async () => {
    const at = (origin: string): Route => ({ origin, from: '127.0.1.30' });
    const nginx = at(cluster.origin);
    const options = await callOk(nginx, 'getSignInOptions', {});
    expect(options.sso?.name).toBe(PROVIDER_NAME);
    // State, nonce and PKCE verifier made on a are checked on b.
    const landing = await signInBySingleSignOn(provider, 'grace', {
      start: at(a.origin),
      callback: at(b.origin),
    });
    expect(`${landing.url.origin}${landing.url.pathname}`).toBe(`${cluster.origin}/`);
    const session = await callOk(nginx, 'getSession', {}, landing.token!);
    expect(session.email).toBe('grace@cluster.example.com');
    expect(await callOk(at(c.origin), 'getSession', {}, landing.token!)).toEqual(session);
    // The whole round through nginx, as a browser makes it, signs the same account in again.
    const again = await signInBySingleSignOn(provider, 'grace', { start: nginx, callback: nginx });
    expect((await callOk(at(c.origin), 'getSession', {}, again.token!)).userId).toBe(
      session.userId,
    );
  });

  it('refuses on c a single sign-on callback whose state is not the one started on b', async () => {
    const from = '127.0.1.31';
    const landing = await signInBySingleSignOn(
      provider,
      'eve',
      { start: { origin: b.origin, from }, callback: { origin: c.origin, from } },
      (back) => back.searchParams.set('state', 'another-state-value-of-some-length'),
    );
    expect(landing.url.pathname).toBe('/login');
    expect(landing.token).toBeNull();
    expect(landing.error).toBe(
      `This sign-in through ${PROVIDER_NAME} expired or was started in another browser. Try again.`,
    );
    const users = await cluster.query('select id from users where email = $1', [
      'eve@cluster.example.com',
    ]);
    expect(users).toEqual([]);
  });

  it('runs a day of planning, executing and sharing through nginx', async () => {
    const ada = await signIn(cluster, email('planner'), '127.0.1.2');
    const bob = await signIn(cluster, email('helper'), '127.0.1.3');
    await planADay(cluster, ada, bob);
  });

  it("serves each server's own metrics to Prometheus, and none through nginx", async () => {
    const scraper = { from: '127.0.1.9' };
    const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
    for (const instance of [a, b, c]) {
      const res = await send({ origin: instance.origin, ...scraper }, 'GET', '/metrics', {
        headers: bearer,
      });
      expect(res.status).toBe(200);
      // Exits non-zero on a line Prometheus would refuse or its linter flags.
      run('promtool', ['check', 'metrics'], res.body);
      // The day of planning went through nginx to every server, and every scheduler ticks.
      expect(total(res.body, 'hustle_http_request_duration_seconds_count{')).toBeGreaterThan(0);
      expect(total(res.body, 'hustle_db_transaction_duration_seconds_count{')).toBeGreaterThan(0);
      expect(total(res.body, 'hustle_scheduler_ticks_total{outcome="ok"}')).toBeGreaterThan(0);
      expect(total(res.body, 'hustle_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(total(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      const unauthorised = await send({ origin: instance.origin, ...scraper }, 'GET', '/metrics');
      expect(unauthorised.status).toBe(401);
    }
    const viaProxy = await send({ origin: cluster.origin, ...scraper }, 'GET', '/metrics', {
      headers: bearer,
    });
    expect(viaProxy.status).toBe(404);
  });

  /** Milliseconds until `token` is refused through each of the servers, polled every 5 ms. */
  async function msUntilRefused(user: User, token: string, through: Instance[]) {
    const start = performance.now();
    const waits = through.map(async (instance) => {
      while ((await call(direct(instance, user), 'getSession', {}, { token })).status !== 401) {
        if (performance.now() - start > 2_000) throw new Error(`${instance.name} still lets in`);
        await sleep(5);
      }
      return performance.now() - start;
    });
    return Math.max(...(await Promise.all(waits)));
  }

  /** Sessions of one user on b and c, each looked up there often enough to be kept. */
  async function keptOnBandC(name: string, from: string) {
    const user = await signIn(cluster, email(name), from, { request: a.origin, login: a.origin });
    const second = await signIn(cluster, email(name), from, { request: a.origin, login: a.origin });
    for (const token of [user.token, second.token]) {
      for (const instance of [b, c]) {
        for (let i = 0; i < 5; i++) await callOk(direct(instance, user), 'getSession', {}, token);
      }
    }
    return { user, second };
  }

  it('refuses a sign-out made on a through b and c within 100 ms (decision 052)', async () => {
    const { user, second } = await keptOnBandC('signout', '127.0.1.20');
    const answer = await call(direct(a, user), 'logout', {}, { token: user.token });
    expect(answer.status).toBe(204);
    const ms = await msUntilRefused(user, user.token, [a, b, c]);
    console.log(`a sign-out on a was refused on a, b and c after ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(100);
    // The user's other session still signs in everywhere.
    for (const instance of [a, b, c]) {
      await callOk(direct(instance, second), 'getSession', {}, second.token);
    }
  });

  it("ends a user's stream on b and refuses their session on c when an admin on a disables them", async () => {
    const admin = await signIn(cluster, email('admin'), '127.0.1.40');
    const { user } = await keptOnBandC('disabled', '127.0.1.41');
    const stream = await openEventStream(direct(b, user), user.token);
    expect(stream.status).toBe(200);
    await stream.nextAfter(0, 2000);
    const sent = performance.now();
    await callOk(direct(a, admin), 'disableUser', { params: { id: user.userId } }, admin.token);
    const refusedMs = await msUntilRefused(user, user.token, [c]);
    const ending = await Promise.race([stream.ending, sleep(2_000).then(() => 'still open')]);
    const endedMs = performance.now() - sent;
    console.log(
      `a disable on a: refused on c after ${refusedMs.toFixed(0)} ms, stream on b ${ending} after ${endedMs.toFixed(0)} ms`,
    );
    expect(ending).toBe('ended');
    expect(endedMs).toBeLessThan(1000);
    expect(refusedMs).toBeLessThan(100);
    // Signing in again is refused too, on another server than the one that mailed the code.
    await callOk(direct(c, user), 'requestLoginCode', { body: { email: user.email } });
    const again = await call(direct(b, user), 'loginWithCode', {
      body: { email: user.email, code: cluster.mail.codeFor(user.email) },
    });
    expect(again.status).toBe(403);
    expect(again.body).toContain('ACCOUNT_DISABLED');
  });

  it('reads a write made through a back at once through b and c', async () => {
    const user = await signIn(cluster, email('readback'), '127.0.1.21');
    const read = (instance: Instance) =>
      callOk(
        direct(instance, user),
        'getWorkspace',
        { params: { id: user.workspaceId } },
        user.token,
      );
    for (let i = 0; i < 10; i++) {
      // Read first, so each server keeps an answer the write makes old.
      await Promise.all([read(b), read(c)]);
      const { id: taskId } = await callOk(
        direct(a, user),
        'createTask',
        { body: { workspaceId: user.workspaceId, name: `Read back ${i}`, planned: true } },
        user.token,
      );
      for (const answer of await Promise.all([read(b), read(c)])) {
        expect(JSON.stringify(answer)).toContain(taskId);
      }
    }
  });

  it('reads the version a write through a made at once through b and c (decision 081)', async () => {
    const user = await signIn(cluster, email('version'), '127.0.1.23');
    const version = async (instance: Instance) =>
      (await callOk(direct(instance, user), 'getWorkspaceVersion', {}, user.token)).version;
    const inDatabase = async () => {
      const [row] = await cluster.query<{ version: string }>(
        'select version from workspaces where id = $1',
        [user.workspaceId],
      );
      return Number(row!.version);
    };
    for (let i = 0; i < 20; i++) {
      // Read a few times first, so b and c answer from what they keep.
      for (let read = 0; read < 3; read++) await Promise.all([version(b), version(c)]);
      await callOk(
        direct(a, user),
        'createTask',
        { body: { workspaceId: user.workspaceId, name: `Version ${i}`, planned: true } },
        user.token,
      );
      const expected = await inDatabase();
      expect(await Promise.all([version(b), version(c)])).toEqual([expected, expected]);
    }
  });

  it('trusts nothing it kept while its listening connections are killed', async () => {
    const { user, second } = await keptOnBandC('listener', '127.0.1.22');
    const [killed] = await cluster.query<{ count: string }>(
      `select count(pg_terminate_backend(pid)) as count from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and (query ilike 'listen %' or query = 'select 1 as caught_up')`,
    );
    // Each server listens for versions and for sessions.
    expect(Number(killed!.count)).toBe(2 * cluster.instances.length);
    await callOk(direct(a, user), 'logout', {}, user.token);
    expect(await msUntilRefused(user, user.token, [a, b, c])).toBeLessThan(100);
    // A write through a is read back through b and c while they are reconnecting.
    const { id: taskId } = await callOk(
      direct(a, second),
      'createTask',
      { body: { workspaceId: second.workspaceId, name: 'While reconnecting', planned: true } },
      second.token,
    );
    const [row] = await cluster.query<{ version: string }>(
      'select version from workspaces where id = $1',
      [second.workspaceId],
    );
    for (const instance of [b, c]) {
      const answer = await callOk(
        direct(instance, second),
        'getWorkspace',
        { params: { id: second.workspaceId } },
        second.token,
      );
      expect(JSON.stringify(answer)).toContain(taskId);
      const kept = await callOk(direct(instance, second), 'getWorkspaceVersion', {}, second.token);
      expect(kept.version).toBe(Number(row!.version));
    }
    // Every server listens again (after a second), and keeps the lookup again.
    await waitFor(
      'every listener back',
      async () => {
        const [row] = await cluster.query<{ count: string }>(
          `select count(*) as count from pg_stat_activity
           where datname = current_database()
             and (query ilike 'listen %' or query = 'select 1 as caught_up')`,
        );
        return Number(row!.count) === 2 * cluster.instances.length;
      },
      5_000,
    );
  });

  it('brings a change made through server a to streams held by b and c within 1 s', async () => {
    const { owner, member, change } = await sharingPair(cluster, 'live', [
      '127.0.1.4',
      '127.0.1.5',
    ]);
    const ownerStream = await openEventStream(direct(b, owner), owner.token);
    const memberStream = await openEventStream(direct(c, member), member.token);
    await Promise.all([ownerStream.nextAfter(0, 2000), memberStream.nextAfter(0, 2000)]);
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const seen = [ownerStream.arrivals.length, memberStream.arrivals.length] as const;
      const sent = performance.now();
      await change(direct(a, owner), `Change ${i + 1}`);
      const arrived = await Promise.all([
        ownerStream.nextAfter(seen[0], 1000),
        memberStream.nextAfter(seen[1], 1000),
      ]);
      latencies.push(...arrived.map((at) => at - sent));
    }
    ownerStream.close();
    memberStream.close();
    console.log(
      `a change through a reached streams on b and c: p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(0)} ms (${latencies.length} arrivals)`,
    );
    expect(percentile(latencies, 99)).toBeLessThan(1000);
  });

  it('counts sign-in limits per address and per account across servers', async () => {
    const servers = [a, b, c];
    const ask = (origin: string, from: string, address: string, headers = {}) =>
      call({ origin, from }, 'requestLoginCode', { body: { email: email(address) } }, { headers });

    for (let i = 0; i < IP_CODE_REQUESTS; i++) {
      expect((await ask(servers[i % 3]!.origin, '127.0.3.1', `limit-${i}`)).status).toBe(200);
    }
    for (const server of servers) {
      expect((await ask(server.origin, '127.0.3.1', 'limit-over')).status).toBe(429);
    }
    // nginx passes on the address it sees, whatever the client claims to be.
    const spoofed = await ask(cluster.origin, '127.0.3.1', 'limit-over', {
      'x-forwarded-for': '198.51.100.7',
    });
    expect(spoofed.status).toBe(429);
    expect((await ask(cluster.origin, '127.0.3.2', 'limit-other')).status).toBe(200);

    // One account: a code just sent through a cannot be asked for again through b.
    expect((await ask(a.origin, '127.0.4.1', 'cooldown')).status).toBe(200);
    const resend = await ask(b.origin, '127.0.4.2', 'cooldown');
    expect(resend.status).toBe(429);
    expect(resend.json<{ error: { message: string } }>().error.message).toMatch(/just sent/);

    // One account: 100 wrong codes an hour, from any address through any server.
    const target = email('cooldown');
    const right = cluster.mail.codeFor(target);
    const wrong = right === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 100; i++) {
      const route = { origin: servers[i % 3]!.origin, from: `127.0.5.${1 + Math.floor(i / 20)}` };
      const answer = await call(route, 'loginWithCode', { body: { email: target, code: wrong } });
      expect(answer.status).toBe(400);
    }
    const locked = await call({ origin: c.origin, from: '127.0.5.99' }, 'loginWithCode', {
      body: { email: target, code: right },
    });
    expect(locked.status).toBe(429);
    expect(locked.json<{ error: { message: string } }>().error.message).toMatch(/this address/);
  });

  it("makes each month's automation task once, when every scheduler ticks at once and when one starts late", async () => {
    const users = await Promise.all(
      ['ann', 'ben', 'cid'].map((name, i) => signIn(cluster, email(name), `127.0.6.${i + 1}`)),
    );
    const exactlyOnce = async (ids: string[]) => {
      for (const [id, [runs, tasks]] of await firings(cluster, ids)) {
        expect({ id, runs, tasks }).toEqual({ id, runs: 1, tasks: 1 });
      }
    };
    const allFired = (ids: string[]) => async () =>
      [...(await firings(cluster, ids)).values()].every(([runs]) => runs === 1);

    // Paused, then resumed together: every server's overdue timer fires in the same moment.
    const together = await createAutomations(cluster, users, 5, 'Together');
    expect([...(await firings(cluster, together)).values()].flat().every((n) => n === 0)).toBe(
      true,
    );
    for (const server of [a, b, c]) server.signal('SIGSTOP');
    try {
      await makeDue(cluster, together);
    } finally {
      for (const server of [a, b, c]) server.signal('SIGCONT');
    }
    await waitFor('every automation ran', allFired(together), 10_000);
    await sleep(3 * SCHEDULER_INTERVAL_MS);
    await exactlyOnce(together);

    // While a, b and c are paused, d starts and catches up on what fell due; then they resume.
    const late = await createAutomations(cluster, users, 5, 'Late');
    for (const server of [a, b, c]) server.signal('SIGSTOP');
    try {
      await makeDue(cluster, late);
      await cluster.addInstance('d');
      await waitFor('the late server caught up', allFired(late), 10_000);
    } finally {
      for (const server of [a, b, c]) server.signal('SIGCONT');
    }
    await sleep(3 * SCHEDULER_INTERVAL_MS);
    await exactlyOnce(late);
    await exactlyOnce(together);
  });

  it('keeps every acknowledged write and moves streams on when servers stop', async () => {
    const { owner, member, change } = await sharingPair(cluster, 'durable', [
      '127.0.7.1',
      '127.0.7.2',
    ]);
    const streams = await Promise.all(
      Array.from({ length: 8 }, () => keepStreaming(viaNginx(cluster, member), member.token)),
    );
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let repeated = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 1; writing; i++) {
        const name = `Durable ${i}`;
        const answer = await call(
          viaNginx(cluster, owner),
          'createTask',
          { body: { workspaceId: owner.workspaceId, name } },
          { token: owner.token },
        );
        if (answer.status !== 200) refused.push(answer.status);
        else acknowledged.push(name);
        if (answer.attempts > 1) repeated += 1;
      }
    })();
    const endings = (kind: string) =>
      streams.flatMap((stream) => stream.endings).filter((ending) => ending === kind).length;

    await sleep(500);
    const terminated = performance.now();
    await b.stop();
    const shutdownMs = performance.now() - terminated;
    await waitFor('streams on b ended', () => endings('ended') > 0, 5000);
    await sleep(500);
    await c.kill();
    await waitFor('streams on c broke', () => endings('broken') > 0, 5000);
    await sleep(1000);
    writing = false;
    await writer;
    console.log(
      `b shut down gracefully in ${shutdownMs.toFixed(0)} ms; streams ended cleanly ${endings('ended')}, ` +
        `broken ${endings('broken')}; ${acknowledged.length} writes acknowledged, ${repeated} sent again`,
    );
    // Well within the 10 s after which the harness would SIGKILL it.
    expect(shutdownMs).toBeLessThan(5000);
    expect(refused).toEqual([]);

    for (let i = 0; i < 10; i++) {
      const answer = await call(viaNginx(cluster, owner), 'getSession', {}, { token: owner.token });
      expect(answer.status).toBe(200);
    }
    // The inbox comes in pages past the first (decision 029): read them all.
    const workspace = await callOk(
      viaNginx(cluster, owner),
      'getWorkspace',
      { params: { id: owner.workspaceId } },
      owner.token,
    );
    const tasks = [...workspace.tasks];
    for (let after = workspace.more.inbox; after;) {
      const page = await callOk(
        viaNginx(cluster, owner),
        'getWorkspacePage',
        { params: { id: owner.workspaceId, list: 'inbox' }, query: { after } },
        owner.token,
      );
      tasks.push(...page.tasks);
      after = page.next;
    }
    const names = tasks.map((task) => task.name).filter((name) => name.startsWith('Durable '));
    expect(names.sort()).toEqual([...acknowledged].sort());

    // Every stream opened again on a server still running, and hears the next change there.
    const seen = streams.map((stream) => stream.current().arrivals.length);
    await change(viaNginx(cluster, owner), 'After the stops');
    await Promise.all(streams.map((stream, i) => stream.current().nextAfter(seen[i]!, 1000)));
    for (const stream of streams) stream.close();
  });

  it('answers over HTTPS through nginx with the certificate it was given', async () => {
    const ada = await signIn(cluster, email('secure'), '127.0.1.10');
    const overTls: Route = {
      origin: cluster.tls.origin,
      from: ada.from,
      ca: cluster.tls.certificate,
    };
    const session = await callOk(overTls, 'getSession', {}, ada.token);
    expect(session.email).toBe(email('secure'));
    // Without the certificate the connection is refused: it really is TLS, checked.
    await expect(
      call({ origin: cluster.tls.origin, from: ada.from }, 'getSession', {}),
    ).rejects.toThrow(/self-signed|certificate/);
  });

  it('lets a data import of a few megabytes through nginx to the server', async () => {
    const ada = await signIn(cluster, email('importer'), '127.0.1.9');
    const document = await callOk(viaNginx(cluster, ada), 'exportData', {}, ada.token);
    const at = new Date().toISOString();
    document.inbox = Array.from({ length: 1_500 }, (_, index) => ({
      ref: `inbox-${index}`,
      name: `${index} ${'a long task name '.repeat(110)}`.slice(0, 2000),
      createdAt: at,
      updatedAt: at,
      completedAt: null,
    }));
    const body = JSON.stringify(document);
    expect(body.length).toBeGreaterThan(2_900_000);
    const preview = await callOk(
      viaNginx(cluster, ada),
      'previewImport',
      { body: document },
      ada.token,
    );
    expect(preview.added.tasks).toBe(1_500);
    expect(preview.skipped).toEqual([]);
  });

  it('restores a pg_dump backup into another database', async () => {
    const dump = path.join(cluster.dir, 'hustle.dump');
    run('pg_dump', ['--format=custom', `--file=${dump}`, cluster.database.url]);
    const restored = await createPostgresDatabase(databaseUrl, 'hustle_restore');
    try {
      run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);
      const count = (url: string) =>
        run('psql', [url, '--tuples-only', '--no-align', '--command=select count(*) from tasks']);
      const live = Number(count(cluster.database.url));
      expect(live).toBeGreaterThan(50);
      expect(Number(count(restored.url))).toBe(live);
    } finally {
      await restored.drop();
    }
  });
});
