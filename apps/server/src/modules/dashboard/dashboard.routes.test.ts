import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { CapturingMailer, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

describe.each(testDialects)('conditional workspace reads (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const read = (etag?: string, path = `/workspaces/${ada.workspaceId}`) =>
    t.app.inject({
      method: 'GET',
      url: path,
      headers: { ...ada.headers, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('answers 304 without a body while the version holds, and 200 after a change', async () => {
    const first = await read();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"\d+-/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const same = await read(etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect((await read(etag, `/api/v1/workspaces/${ada.workspaceId}`)).statusCode).toBe(304);

    await ada.post('/api/v1/tasks', { workspaceId: ada.workspaceId, name: 'New' });
    const changed = await read(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().tasks).toHaveLength(1);
  });

  it('changes the tag when the plan changes with time, with no write', async () => {
    const etag = (await read()).headers.etag as string;
    t.clock.advance(15 * 86_400_000); // the 14-day trial ends
    const after = await read(etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().access.projectsLimit).toBe(5);
  });

  it("never answers 304 for another user's workspace", async () => {
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const etag = (await read()).headers.etag as string;
    const res = await t.app.inject({
      method: 'GET',
      url: `/workspaces/${ada.workspaceId}`,
      headers: { ...eve.headers, 'if-none-match': etag },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('kept workspace answers', () => {
  let dir: string;
  let handles: DatabaseHandle[];
  let apps: FastifyInstance[];

  /** A server instance on the shared database file; counts the statements it runs. */
  async function instance() {
    const statements: string[] = [];
    const database = openDatabase({
      sqliteFile: path.join(dir, 'shared.db'),
      onQuery: (sql) => statements.push(sql),
    });
    await migrateToLatest(database.db);
    handles.push(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://hustle.test',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
    });
    const app = await buildApp({
      config,
      database,
      secretKey: 'test-secret-key-that-is-long-enough-0123456789',
      mailer: new CapturingMailer(),
      logger: false,
    });
    apps.push(app);
    return { app, statements };
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-answers-'));
    handles = [];
    apps = [];
  });
  afterEach(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a kept answer while the version holds, and a new one after a write anywhere', async () => {
    const a = await instance();
    const b = await instance();
    const adaOnA = await apiClientFor(a.app, 'ada@example.com');
    const read = () =>
      a.app.inject({
        method: 'GET',
        url: `/workspaces/${adaOnA.workspaceId}`,
        headers: adaOnA.headers,
      });

    const first = await read();
    expect(first.statusCode).toBe(200);
    a.statements.length = 0;
    const again = await read();
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    // The session and the tag (version, plan) only: the workspace is not read again.
    expect(a.statements.length).toBeLessThanOrEqual(3);

    // A write through the other instance bumps the version in the database.
    const task = await b.app.inject({
      method: 'POST',
      url: '/api/v1/tasks',
      headers: adaOnA.headers,
      payload: { workspaceId: adaOnA.workspaceId, name: 'Made on B' },
    });
    expect(task.statusCode).toBe(200);
    const after = await read();
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.json().tasks.map((shown: { name: string }) => shown.name)).toEqual(['Made on B']);
  });
});
