import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { eventsApi } from '@hustle/shared/events.api';
import { endpointUrl } from '@hustle/shared/endpoint';
import { apiClientFor } from '../../testing/api-client.ts';
import { CapturingMailer } from '../../testing/test-app.ts';

const SECRET = 'events-test-secret-long-enough-0123456789';

/** Reads `event: version` messages from a live stream. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const versions: number[] = [];
  const waiters: (() => void)[] = [];
  const state = { signedOut: false, ended: false };
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = message.match(/^data: (.*)$/m)?.[1];
            if (message.includes('event: version') && data) {
              versions.push(JSON.parse(data).version);
              waiters.splice(0).forEach((wake) => wake());
            }
            if (message.includes('event: signed-out')) state.signedOut = true;
          }
        }
      } catch {
        // aborted
      }
      state.ended = true;
    })();
  }
  return {
    res,
    versions,
    state,
    /** Waits until the server ends the stream. */
    async ending(timeoutMs = 1000) {
      const started = Date.now();
      while (!state.ended) {
        if (Date.now() - started > timeoutMs) throw new Error(`still open after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Date.now() - started;
    },
    close: () => controller.abort(),
    async next(count: number, timeoutMs = 2000) {
      const started = Date.now();
      while (versions.length < count) {
        if (Date.now() - started > timeoutMs)
          throw new Error(`only ${versions.length} events after ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return versions;
    },
  };
}

describe('live updates over Server-Sent Events', () => {
  let dir: string;
  let handles: DatabaseHandle[];
  let apps: FastifyInstance[];

  async function instance(
    env: Record<string, string> = {},
  ): Promise<{ app: FastifyInstance; url: string }> {
    const database = openDatabase({ sqliteFile: path.join(dir, 'shared.db') });
    await migrateToLatest(database.db);
    handles.push(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://hustle.test',
      EVENTS_POLL_MS: '50',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      ...env,
    });
    const app = await buildApp({
      config,
      database,
      secretKey: SECRET,
      mailer: new CapturingMailer(),
      logger: false,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    apps.push(app);
    const address = app.server.address();
    return {
      app,
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    };
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-events-'));
    handles = [];
    apps = [];
  });
  afterEach(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pushes the new version to an open stream within a second, across server instances', async () => {
    const a = await instance();
    const b = await instance();
    const ada = await apiClientFor(a.app, 'ada@example.com');
    const stream = await openStream(`${b.url}${eventsApi.streamEvents.path}`, ada.headers);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    const [initial] = await stream.next(1);

    const started = Date.now();
    await ada.callOk('createTask', {
      body: { workspaceId: ada.workspaceId, name: 'Made on instance A' },
    });
    const versions = await stream.next(2, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(versions[1]).toBe(initial! + 1);
    stream.close();
  });

  it('tells a member when the owner changes a shared project', async () => {
    const a = await instance();
    const owner = await apiClientFor(a.app, 'owner@example.com');
    const member = await apiClientFor(a.app, 'member@example.com');
    const { projectId } = await owner.callOk('createProject', {
      body: { workspaceId: owner.workspaceId, name: 'Garden' },
    });
    const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId } });
    const inviteToken = inviteLink.replace('/invite/', '');
    await member.callOk('joinInvite', { params: { inviteToken } });

    const { ticket } = await member.callOk('createEventTicket');
    const stream = await openStream(
      `${a.url}${endpointUrl(eventsApi.streamEvents, { query: { ticket } })}`,
    );
    await stream.next(1);
    await owner.callOk('createTask', {
      body: { workspaceId: owner.workspaceId, projectId, name: 'Water' },
    });
    await stream.next(2, 1000);
    stream.close();
  });

  it('ends the stream of a device signed out elsewhere at once, and of an erased account', async () => {
    const a = await instance();
    const b = await instance();
    const phone = await apiClientFor(a.app, 'ada@example.com');
    const laptop = await apiClientFor(a.app, 'ada@example.com');
    const phoneStream = await openStream(`${b.url}/api/v1/events`, phone.headers);
    const laptopStream = await openStream(`${b.url}/api/v1/events`, laptop.headers);
    await phoneStream.next(1);
    await laptopStream.next(1);

    await laptop.callOk('revokeOtherSessions');
    expect(await phoneStream.ending()).toBeLessThan(1000);
    expect(phoneStream.state.signedOut).toBe(true);
    // The device that asked keeps its stream and hears the new version.
    await laptopStream.next(2, 1000);
    expect(laptopStream.state.ended).toBe(false);

    await laptop.callOk('deleteAccount', { body: { email: 'ada@example.com' } });
    expect(await laptopStream.ending()).toBeLessThan(1000);
    expect(laptopStream.state.signedOut).toBe(true);
  });

  it('refuses streams without a valid token or ticket', async () => {
    const a = await instance();
    const ada = await apiClientFor(a.app, 'ada@example.com');
    expect((await fetch(`${a.url}/api/v1/events`)).status).toBe(401);
    expect((await fetch(`${a.url}/api/v1/events?ticket=forged.1.abc`)).status).toBe(401);
    const { ticket } = await ada.callOk('createEventTicket');
    const [sessionId, expires, ticketId, signature] = ticket.split('.');
    const stretched = `${sessionId}.${Number(expires) + 3_600_000}.${ticketId}.${signature}`;
    expect((await fetch(`${a.url}/api/v1/events?ticket=${stretched}`)).status).toBe(401);
    await ada.callOk('logout');
    expect((await fetch(`${a.url}/api/v1/events?ticket=${ticket}`)).status).toBe(401);
  });

  it('caps open streams per account and per address, and a closed stream frees its slot', async () => {
    const a = await instance({ EVENTS_STREAMS_PER_USER: '2', EVENTS_STREAMS_PER_IP: '3' });
    const ada = await apiClientFor(a.app, 'ada@example.com');
    const bob = await apiClientFor(a.app, 'bob@example.com');
    const open = () => openStream(`${a.url}/api/v1/events`, ada.headers);

    const first = await open();
    const second = await open();
    expect([first.res.status, second.res.status]).toEqual([200, 200]);
    const refused = await open();
    expect(refused.res.status).toBe(429);
    expect(await refused.res.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message:
          'Too many live-update streams are open for this account (at most 2). Close a tab and try again.',
      },
    });

    // Bob is another account from the same address: one more fits, then the address is full.
    const bobs = await openStream(`${a.url}/api/v1/events`, bob.headers);
    expect(bobs.res.status).toBe(200);
    const bobRefused = await openStream(`${a.url}/api/v1/events`, bob.headers);
    expect(bobRefused.res.status).toBe(429);
    expect(((await bobRefused.res.json()) as { error: { message: string } }).error.message).toMatch(
      /from your address \(at most 3\)/,
    );

    // The server learns of a closed stream when its connection closes, a moment after the abort.
    first.close();
    let reopened = await open();
    for (let tries = 0; reopened.res.status === 429 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reopened = await open();
    }
    expect(reopened.res.status).toBe(200);
    await reopened.next(1);
    expect((await open()).res.status).toBe(429);
    for (const stream of [second, bobs, reopened]) stream.close();
  });
});
