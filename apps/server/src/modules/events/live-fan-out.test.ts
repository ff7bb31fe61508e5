import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { eventsApi } from '@hustle/shared/events.api';
import { endpointUrl } from '@hustle/shared/endpoint';
import { apiClientFor } from '../../testing/api-client.ts';
import { CapturingMailer } from '../../testing/test-app.ts';
import { createTestDatabase, testDialects } from '../../testing/test-databases.ts';

/** Polling at the slowest the setting allows (60 s): only the version feed delivers within a second. */
const POLL_MS = '60000';

async function startInstance(
  database: DatabaseHandle,
): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://hustle.test',
    EVENTS_POLL_MS: POLL_MS,
    API_RATE_LIMIT_PER_MINUTE: '100000',
    SCHEDULER_INTERVAL_MS: '0',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'hustle-no-web-build'),
  });
  const app = await buildApp({
    config,
    database,
    secretKey: 'fan-out-test-secret-long-enough-0123456789',
    mailer: new CapturingMailer(),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

/** Collects the versions an SSE stream announces, with the time each arrived. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const arrivals: { version: number; at: number }[] = [];
  const state = { signedOut: false, endedAt: null as number | null };
  void (async () => {
    if (!res.ok) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          const data = message.match(/^data: (.*)$/m)?.[1];
          buffer = buffer.slice(end + 2);
          if (message.includes('event: signed-out')) state.signedOut = true;
          else if (data)
            arrivals.push({ version: JSON.parse(data).version, at: performance.now() });
        }
      }
      state.endedAt = performance.now();
    } catch {
      // the test closed the stream
    }
  })();
  return {
    status: res.status,
    state,
    close: () => controller.abort(),
    /** When the server ended the stream. */
    async ended(timeoutMs: number) {
      const deadline = performance.now() + timeoutMs;
      while (state.endedAt === null) {
        if (performance.now() > deadline) throw new Error(`still open after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return state.endedAt;
    },
    async waitFor(version: number, timeoutMs: number) {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline) {
        const hit = arrivals.find((arrival) => arrival.version >= version);
        if (hit) return hit.at;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error(`version ${version} did not arrive within ${timeoutMs} ms`);
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

describe.each(testDialects)('live fan-out without polling (%s)', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /**
   * Two servers on one database: on PostgreSQL the second has its own pool and listening
   * connection, as another process would; SQLite runs as one process, which holds both.
   */
  async function twoInstances() {
    const database = await createTestDatabase(dialect);
    cleanups.push(database.destroy);
    const a = await startInstance(database);
    cleanups.push(() => a.app.close());
    if (dialect !== 'postgres') return { a, c: a };
    const { schema } = await database.db
      .selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema'))
      .executeTakeFirstOrThrow();
    const second = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: schema });
    cleanups.push(() => second.close());
    const c = await startInstance(second);
    cleanups.push(() => c.app.close());
    return { a, c };
  }

  it('ends the streams of a session that signs out at once, on every server (issue 28)', async () => {
    const { a, c } = await twoInstances();
    const phone = await apiClientFor(a.app, 'ada@example.com');
    const laptop = await apiClientFor(a.app, 'ada@example.com');
    const { version } = (await phone.get('/api/v1/dashboard/version')).json();
    const phoneStreams = [
      await openStream(`${c.url}/api/v1/events`, phone.headers),
      await openStream(`${a.url}/api/v1/events`, phone.headers),
    ];
    const laptopStream = await openStream(`${c.url}/api/v1/events`, laptop.headers);
    for (const stream of [...phoneStreams, laptopStream]) {
      cleanups.push(async () => stream.close());
      await stream.waitFor(version, 1000);
    }

    const sent = performance.now();
    expect((await phone.call('logout')).statusCode).toBe(204);
    for (const stream of phoneStreams) {
      expect((await stream.ended(1000)) - sent).toBeLessThan(1000);
      expect(stream.state.signedOut).toBe(true);
    }
    // The other device stays signed in: it hears the new version and keeps its stream.
    await laptopStream.waitFor(version + 1, 1000);
    expect(laptopStream.state.endedAt).toBeNull();
    expect((await laptop.call('getSession')).statusCode).toBe(200);
    expect((await phone.call('getSession')).statusCode).toBe(401);
  });

  it('opens one stream per event ticket, on whichever server it reaches (issue 28)', async () => {
    const { a, c } = await twoInstances();
    const ada = await apiClientFor(a.app, 'ada@example.com');
    const streamUrl = (base: string, ticket: string) =>
      `${base}${endpointUrl(eventsApi.streamEvents, { query: { ticket } })}`;
    const { ticket } = await ada.callOk('createEventTicket');
    const first = await openStream(streamUrl(c.url, ticket));
    cleanups.push(async () => first.close());
    expect(first.status).toBe(200);

    for (const base of [a.url, c.url]) {
      const again = await fetch(streamUrl(base, ticket));
      expect(again.status, base).toBe(401);
      expect(await again.json()).toEqual({
        error: {
          code: 'UNAUTHORIZED',
          message: 'This event ticket was used already. Ask for a new one.',
        },
      });
    }
    // A reconnect asks for a new ticket, which opens a stream of its own.
    const { ticket: fresh } = await ada.callOk('createEventTicket');
    const second = await openStream(streamUrl(a.url, fresh));
    cleanups.push(async () => second.close());
    expect(second.status).toBe(200);
    const { version } = (await ada.get('/api/v1/dashboard/version')).json();
    await second.waitFor(version, 1000);
  });

  it('a change reaches an open stream within 1 s, across instances on PostgreSQL', async () => {
    const database = await createTestDatabase(dialect);
    cleanups.push(database.destroy);
    const a = await startInstance(database);
    cleanups.push(() => a.app.close());
    // On PostgreSQL the stream is held by a second instance with its own pool and listening
    // connection, as another process would be; SQLite runs as one process, which holds both.
    let c = a;
    if (dialect === 'postgres') {
      const { schema } = await database.db
        .selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema'))
        .executeTakeFirstOrThrow();
      const second = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: schema });
      cleanups.push(() => second.close());
      c = await startInstance(second);
      cleanups.push(() => c.app.close());
    }

    const ada = await apiClientFor(a.app, 'ada@example.com');
    const stream = await openStream(`${c.url}/api/v1/events`, ada.headers);
    cleanups.push(async () => stream.close());
    expect(stream.status).toBe(200);
    const { version: start } = (await ada.get('/api/v1/dashboard/version')).json();
    await stream.waitFor(start, 1000);

    const latencies: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const sent = performance.now();
      const res = await ada.post('/api/v1/tasks', {
        workspaceId: ada.workspaceId,
        name: `Made on A #${i}`,
      });
      expect(res.statusCode).toBe(200);
      const arrived = await stream.waitFor(start + i, 1000);
      latencies.push(arrived - sent);
    }
    const sorted = latencies.sort((x, y) => x - y);
    expect(percentile(sorted, 99)).toBeLessThan(1000);
    console.info(
      `live fan-out (${dialect}): write→stream p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(1)} ms over ${sorted.length} writes`,
    );
  });
});
