import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceLabel } from '@hustle/shared/account';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Signs in through the code flow from a browser with this User-Agent. */
async function signInWith(t: TestApp, email: string, userAgent: string, ip: string) {
  const requested = await t.app.inject({
    method: 'POST',
    url: '/auth/code/authorize',
    payload: { email },
    remoteAddress: ip,
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/code/login',
    headers: { 'user-agent': userAgent },
    payload: { email, code: requested.json().debugCode },
    remoteAddress: ip,
  });
  return { authorization: `Bearer ${login.json().accessToken as string}` };
}

async function version(t: TestApp, workspaceId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('workspaces')
    .select('version')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Row counts of every table but the sign-in ledger, to show an erased account leaves nothing. */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const db = t.database.db;
  const { rows } =
    t.database.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    if (name === 'auth_events' || name.startsWith('kysely_')) continue;
    const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
      name,
    )}`.execute(db);
    counts[name] = Number(result.rows[0]?.n);
  }
  return counts;
}

describe('device labels', () => {
  it.each([
    [FIREFOX_LINUX, 'Firefox on Linux'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s is %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});

describe.each(testDialects)('account (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  describe('signed-in devices', () => {
    it('lists live sessions with a device name, the current one marked, newest activity first', async () => {
      t.clock.advance(60_000);
      const phone = await signInWith(t, 'ada@example.com', SAFARI_IPHONE, '10.2.0.1');
      t.clock.advance(60_000);
      const laptop = await signInWith(t, 'ada@example.com', FIREFOX_LINUX, '10.2.0.2');
      // Asking is activity too, so the current device comes first.
      const { sessions } = await ada.callOk('listSessions');
      expect(sessions.map((s) => [s.device, s.isCurrent])).toEqual([
        ['Unknown device', true],
        ['Firefox on Linux', false],
        ['Safari on iPhone', false],
      ]);
      expect(sessions[1]).toMatchObject({
        createdAt: '2026-11-22T09:02:00.000Z',
        lastActiveAt: '2026-11-22T09:02:00.000Z',
      });
      // Using a device moves its last activity.
      t.clock.advance(5 * 60_000);
      await callEndpoint(t.app, 'getSession', {}, phone);
      const after = (await callEndpoint(t.app, 'listSessions', {}, laptop)).json();
      expect(after.sessions[0]).toMatchObject({
        device: 'Safari on iPhone',
        lastActiveAt: '2026-11-22T09:07:00.000Z',
        isCurrent: false,
      });
      expect(after.sessions.find((s: { isCurrent: boolean }) => s.isCurrent).device).toBe(
        'Firefox on Linux',
      );
    });

    it('signs one device out at once, with one version bump; another user’s session is 404', async () => {
      const phone = await signInWith(t, 'ada@example.com', SAFARI_IPHONE, '10.2.0.1');
      const bob = await apiClientFor(t.app, 'bob@example.com');
      const phoneId = (await ada.callOk('listSessions')).sessions.find((s) => !s.isCurrent)!.id;
      const bobSessionId = (await bob.callOk('listSessions')).sessions[0]!.id;

      const refused = await ada.call('revokeSession', { params: { id: bobSessionId } });
      expect(refused.statusCode).toBe(404);
      expect((await bob.call('getSession')).statusCode).toBe(200);
      expect((await bob.call('revokeSession', { params: { id: phoneId } })).statusCode).toBe(404);

      const before = await version(t, ada.workspaceId);
      const done = await ada.callOk('revokeSession', { params: { id: phoneId } });
      expect(done).toEqual({ ok: true, version: before + 1 });
      expect((await callEndpoint(t.app, 'getSession', {}, phone)).statusCode).toBe(401);
      expect((await ada.call('getSession')).statusCode).toBe(200);
      expect((await ada.callOk('listSessions')).sessions).toHaveLength(1);
      // Already ended: nothing to sign out.
      expect((await ada.call('revokeSession', { params: { id: phoneId } })).statusCode).toBe(404);
    });

    it('signs out everywhere else, keeping this device', async () => {
      const phone = await signInWith(t, 'ada@example.com', SAFARI_IPHONE, '10.2.0.1');
      const laptop = await signInWith(t, 'ada@example.com', FIREFOX_LINUX, '10.2.0.2');
      const bob = await apiClientFor(t.app, 'bob@example.com');
      const done = await ada.callOk('revokeOtherSessions');
      expect(done.signedOut).toBe(2);
      expect((await callEndpoint(t.app, 'getSession', {}, phone)).statusCode).toBe(401);
      expect((await callEndpoint(t.app, 'getSession', {}, laptop)).statusCode).toBe(401);
      expect((await ada.call('getSession')).statusCode).toBe(200);
      expect((await bob.call('getSession')).statusCode).toBe(200);
      const changes = await t.database.db
        .selectFrom('change_log')
        .select(['entity', 'op'])
        .where('workspace_id', '=', ada.workspaceId)
        .where('version', '=', done.version)
        .execute();
      expect(changes).toEqual([
        { entity: 'session', op: 'delete' },
        { entity: 'session', op: 'delete' },
      ]);
      expect((await ada.callOk('revokeOtherSessions')).signedOut).toBe(0);
    });
  });

  describe('change of e-mail', () => {
    const request = (client: ApiClient, email: string) =>
      client.call('requestEmailChange', { body: { email } });
    const confirm = (client: ApiClient, code: string) =>
      client.call('confirmEmailChange', { body: { code } });

    it('mails a code to the new address; the code moves the account and tells the old address', async () => {
      const sent = await request(ada, ' Ada.New@Example.com ');
      expect(sent.statusCode).toBe(200);
      const { debugCode, email } = sent.json();
      expect(email).toBe('ada.new@example.com');
      const mail = t.mailer.last();
      expect(mail.to).toBe('ada.new@example.com');
      expect(mail.text).toContain(debugCode);

      expect((await confirm(ada, debugCode)).json()).toEqual({ email: 'ada.new@example.com' });
      expect((await ada.callOk('getSession')).email).toBe('ada.new@example.com');
      const told = t.mailer.last();
      expect(told.to).toBe('ada@example.com');
      expect(told.text).toContain('ada.new@example.com');
      // The code is spent.
      expect((await confirm(ada, debugCode)).json().error.code).toBe('CODE_INVALID');

      // Signing in with the new address reaches the same workspace; the old one is free.
      const again = await apiClientFor(t.app, 'ada.new@example.com');
      expect(again.workspaceId).toBe(ada.workspaceId);
      const fresh = await apiClientFor(t.app, 'ada@example.com');
      expect(fresh.workspaceId).not.toBe(ada.workspaceId);
    });

    it('follows the login code rules: resend pause, five tries, ten minutes', async () => {
      const first = (await request(ada, 'new@example.com')).json().debugCode as string;
      const soon = await request(ada, 'new@example.com');
      expect(soon.statusCode).toBe(429);
      expect(soon.json().error.message).toMatch(/in 60 s/);

      const wrong = first === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
      for (let i = 0; i < 5; i += 1) {
        expect((await confirm(ada, wrong)).json().error.code).toBe('CODE_INVALID');
      }
      // The fifth wrong try killed the code: even the right one fails now.
      expect((await confirm(ada, first)).json().error.code).toBe('CODE_INVALID');

      t.clock.advance(61_000);
      const second = (await request(ada, 'new@example.com')).json().debugCode as string;
      t.clock.advance(10 * 60_000);
      expect((await confirm(ada, second)).json().error.code).toBe('CODE_EXPIRED');
      expect((await ada.callOk('getSession')).email).toBe('ada@example.com');
    });

    it('refuses the same address, and a taken one only once the code is right', async () => {
      const same = await request(ada, 'ada@example.com');
      expect(same.statusCode).toBe(400);
      expect(same.json().error.message).toBe('That is already your address.');

      await apiClientFor(t.app, 'bob@example.com');
      const toTaken = await request(ada, 'bob@example.com');
      t.clock.advance(61_000);
      const toFree = await request(ada, 'free@example.com');
      // The same answer for a taken and a free address: nothing is learned before the code.
      expect(toTaken.statusCode).toBe(toFree.statusCode);
      expect(Object.keys(toTaken.json()).sort()).toEqual(Object.keys(toFree.json()).sort());

      t.clock.advance(61_000);
      const code = (await request(ada, 'bob@example.com')).json().debugCode as string;
      const taken = await confirm(ada, code);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toMatchObject({ code: 'EMAIL_TAKEN' });
      expect((await ada.callOk('getSession')).email).toBe('ada@example.com');
    });

    it("refuses another user's pending code", async () => {
      const bob = await apiClientFor(t.app, 'bob@example.com');
      const code = (await request(ada, 'new@example.com')).json().debugCode as string;
      expect((await confirm(bob, code)).json().error.code).toBe('CODE_INVALID');
      expect((await bob.callOk('getSession')).email).toBe('bob@example.com');
    });
  });

  describe('delete account', () => {
    /** Ada owns a project Bob joined; Bob owns one Ada joined; both plan shared tasks. */
    async function sharedWorld() {
      const bob = await apiClientFor(t.app, 'bob@example.com');
      const share = async (owner: ApiClient, member: ApiClient, name: string) => {
        const { projectId } = await owner.callOk('createProject', {
          body: { workspaceId: owner.workspaceId, name },
        });
        const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId } });
        await member.callOk('joinInvite', {
          params: { inviteToken: inviteLink.replace('/invite/', '') },
        });
        const task = await owner.callOk('createTask', {
          body: { workspaceId: owner.workspaceId, projectId, name: `${name} task`, planned: true },
        });
        await member.callOk('taskAction', {
          params: { id: task.id, action: 'plan' },
          body: { workspaceId: member.workspaceId, projectId, origin: 'workspace' },
        });
        return { projectId, taskId: task.id };
      };
      const adas = await share(ada, bob, 'Garden');
      const bobs = await share(bob, ada, 'Kitchen');
      await ada.callOk('createTask', {
        body: { workspaceId: ada.workspaceId, name: 'Inbox thing', planned: true },
      });
      await ada.callOk('createAutomation', {
        body: {
          workspaceId: ada.workspaceId,
          day: 5,
          actions: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
        },
      });
      return { bob, adas, bobs };
    }

    it('refuses without the account’s own address typed, changing nothing', async () => {
      await sharedWorld();
      const before = await rowCounts(t);
      const res = await ada.call('deleteAccount', { body: { email: 'bob@example.com' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Type your e-mail address to confirm.');
      expect(await rowCounts(t)).toEqual(before);
    });

    it('erases everything the user owns, ends their shares, and frees the address', async () => {
      const { bob, adas, bobs } = await sharedWorld();
      const inbox = (await ada.workspace()).tasks.map((task: { id: string }) => task.id);
      const automations = (await ada.callOk('listAutomations')) as unknown as { id: string }[];
      const bobBefore = await version(t, bob.workspaceId);
      expect((await bob.workspace()).projects.map((p: { name: string }) => p.name)).toEqual([
        'Garden',
        'Kitchen',
      ]);

      const res = await ada.call('deleteAccount', { body: { email: 'ADA@example.com ' } });
      expect(res.statusCode).toBe(204);

      // Bob lost Ada's project and his planned copy of its task, in one new version.
      expect(await version(t, bob.workspaceId)).toBe(bobBefore + 1);
      const bobView = await bob.workspace();
      expect(bobView.projects.map((p: { name: string }) => p.name)).toEqual(['Kitchen']);
      expect(bobView.projects[0].memberCount).toBe(0);
      const bobPlanned = await t.database.db
        .selectFrom('planned_tasks')
        .select('task_id')
        .where('workspace_id', '=', bob.workspaceId)
        .execute();
      expect(bobPlanned.map((row) => row.task_id)).toEqual([bobs.taskId]);
      // Bob's own project keeps its task, though Ada had planned it.
      expect(
        (await bob.callOk('listProjectTasks', { params: { id: bobs.projectId } })).length,
      ).toBe(1);

      // Nothing names Ada any more, in any table (the sign-in ledger is pruned within a day; the
      // change log keeps only Bob's record that the project went).
      const adaIds = [
        ada.userId,
        ada.workspaceId,
        'ada@example.com',
        adas.projectId,
        adas.taskId,
        ...inbox,
        ...automations.map((a) => a.id),
      ];
      const leftovers: string[] = [];
      const db = t.database.db;
      for (const table of Object.keys(await rowCounts(t))) {
        const { rows } = await sql`select * from ${sql.table(table)}`.execute(db);
        for (const row of rows) {
          const text = JSON.stringify(row);
          const named = adaIds.filter((id) => text.includes(id));
          if (named.length === 0) continue;
          const isBobsLog =
            table === 'change_log' &&
            (row as { workspace_id: string }).workspace_id === bob.workspaceId;
          if (!isBobsLog) leftovers.push(`${table}: ${text}`);
        }
      }
      expect(leftovers).toEqual([]);

      // The token is dead; the address signs up anew, as a new account on a new trial.
      expect((await ada.call('getSession')).statusCode).toBe(401);
      const anew = await apiClientFor(t.app, 'ada@example.com');
      expect(anew.userId).not.toBe(ada.userId);
      expect((await anew.workspace()).projects).toEqual([]);
      expect((await anew.callOk('getPlan')).isTrial).toBe(true);
    });

    it('answers no 5xx to writes racing the deletion, and leaves no row behind', async () => {
      const { bob, adas } = await sharedWorld();
      const counts = async () => {
        const all = await rowCounts(t);
        delete all.change_log;
        return all;
      };
      const writes = [
        ...Array.from({ length: 6 }, (_, i) =>
          ada.call('createTask', {
            body: { workspaceId: ada.workspaceId, projectId: adas.projectId, name: `A${i}` },
          }),
        ),
        ...Array.from({ length: 6 }, (_, i) =>
          bob.call('createTask', {
            body: {
              workspaceId: bob.workspaceId,
              projectId: adas.projectId,
              name: `B${i}`,
              planned: true,
            },
          }),
        ),
        bob.call('taskAction', {
          params: { id: adas.taskId, action: 'complete' },
          body: { workspaceId: bob.workspaceId, projectId: adas.projectId, origin: 'workspace' },
        }),
        ada.call('createProject', { body: { workspaceId: ada.workspaceId, name: 'Late' } }),
        ada.call('revokeOtherSessions'),
      ];
      const deletion = ada.call('deleteAccount', { body: { email: 'ada@example.com' } });
      const answers = await Promise.all([deletion, ...writes]);
      const statuses = answers.map((res) => res.statusCode);
      expect(
        statuses.filter((status) => status >= 500),
        answers.map((r) => r.body).join('\n'),
      ).toEqual([]);
      expect(statuses[0]).toBe(204);
      // Done before, or refused after: 401 for Ada, 404 for Bob.
      for (const status of statuses.slice(1)) expect([200, 401, 404]).toContain(status);

      // What is left is Bob's world alone: his user, workspace, session, plan, his project with
      // its task and invite, his membership and planned row — whatever raced.
      const left = await counts();
      expect(left).toMatchObject({
        users: 1,
        workspaces: 1,
        sessions: 1,
        subscriptions: 1,
        projects: 1,
        workspace_projects: 1,
        tasks: 1,
        planned_tasks: 1,
        invites: 1,
        automations: 0,
        automation_runs: 0,
        email_change_codes: 0,
      });
      expect((await bob.workspace()).projects.map((p: { name: string }) => p.name)).toEqual([
        'Kitchen',
      ]);
    });
  });
});
