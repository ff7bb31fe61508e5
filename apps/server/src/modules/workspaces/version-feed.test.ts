import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { CAUGHT_UP_STATEMENT } from '../../db/listen.ts';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const url = process.env.TEST_DATABASE_URL;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Decision 081: on PostgreSQL each instance keeps workspace versions until the version feed
 * tells of a commit to the workspace. Two apps on one schema stand for two instances: `a`
 * writes, `b` reads and counts the statements it sends on its pool.
 */
describe.runIf(url)('workspace versions kept across instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let api: ApiClient;
  let bStatements: string[];
  let appName: string;

  beforeEach(async () => {
    a = await createTestApp('postgres');
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      a.database.db,
    );
    appName = `versions_${rows[0]!.schema}`;
    bStatements = [];
    const handle = openDatabase({
      databaseUrl: `${url}${url!.includes('?') ? '&' : '?'}application_name=${appName}`,
      pgSchema: rows[0]!.schema,
      onQuery: (text) => bStatements.push(text),
    });
    b = await createTestApp('postgres', { database: { ...handle, destroy: handle.close } });
    api = await apiClientFor(a.app, 'versions@example.com');
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  /**
   * The version b answers, with the statements it sent on its pool to read the version row. A
   * busy machine may add others to the same request (the session read again), which are not
   * what these tests are about.
   */
  async function readOnB() {
    bStatements = [];
    const res = await callEndpoint(b.app, 'getWorkspaceVersion', undefined, api.headers);
    expect(res.statusCode).toBe(200);
    const versionReads = bStatements.filter((text) => /"version".* from "workspaces"/.test(text));
    return { version: res.json<{ version: number }>().version, sent: versionReads.length };
  }

  async function versionInDatabase(): Promise<number> {
    const row = await a.database.db
      .selectFrom('workspaces')
      .select('version')
      .where('id', '=', api.workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.version);
  }

  /** Until b answers the version without a statement: its feeds listen soon after start. */
  async function kept(): Promise<void> {
    for (let tries = 0; tries < 150; tries += 1) {
      await readOnB();
      if ((await readOnB()).sent === 0) return;
      await pause(20);
    }
    throw new Error('never kept');
  }

  const write = (name: string) =>
    api.callOk('createProject', { body: { workspaceId: api.workspaceId, name } });

  it('reads a write made through the other instance back at once, each time', async () => {
    for (let round = 0; round < 20; round += 1) {
      await kept();
      await write(`Project ${round}`);
      // No pause: the read may reach b before a's notification does.
      expect((await readOnB()).version).toBe(await versionInDatabase());
    }
  });

  it('drops what it kept when its listening connection drops, and loses no write', async () => {
    await kept();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1
         and query in ('listen hustle_workspace_versions', $2)`,
      [appName, CAUGHT_UP_STATEMENT],
    );
    await admin.end();
    expect(killed.rowCount).toBe(1);
    // Written while b cannot hear it: b must not answer from what it kept.
    await write('While deaf');
    expect((await readOnB()).version).toBe(await versionInDatabase());
    // While down (it reconnects after a second), every read asks the database.
    expect((await readOnB()).sent).toBe(1);
    expect((await readOnB()).sent).toBe(1);
    // Back: kept again, and still told of writes.
    await kept();
    await write('Heard again');
    expect((await readOnB()).version).toBe(await versionInDatabase());
  });
});
