import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Decision 051 through the API on PostgreSQL: commands that arrive together on one workspace
 * are committed in groups under its lock; each still gets a version of its own, and an
 * Idempotency-Key repeated within one group is applied once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('group commit through the API (postgres)', () => {
  let t: TestApp;
  let ada: ApiClient;
  let statements: string[];

  beforeEach(async () => {
    statements = [];
    t = await createTestApp('postgres', { onQuery: (sql) => statements.push(sql) });
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const create = (name: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/tasks',
      headers: { ...ada.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { workspaceId: ada.workspaceId, name },
    });
  const groups = () => statements.filter((text) => text.startsWith('begin; select 1')).length;

  /**
   * Sends the first request while another transaction holds the workspace's lock, so its group
   * waits on it, and the rest while that group waits: they queue for the next group however slow
   * the machine is, rather than only when they happen to arrive within one commit.
   */
  async function arrivingTogether<T>(first: () => Promise<T>, rest: (() => Promise<T>)[]) {
    let release!: () => void;
    let taken!: () => void;
    const isTaken = new Promise<void>((resolve) => (taken = resolve));
    const blocker = t.database.db.transaction().execute(async (trx) => {
      await sql`select 1 from workspaces where id = ${ada.workspaceId} for update`.execute(trx);
      taken();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isTaken;
    const firstAnswer = first();
    await expect.poll(groups).toBe(1);
    const restAnswers = rest.map((send) => send());
    // Each request is parsed and queued in the event loop's next turns; give them time to.
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await blocker;
    return Promise.all([firstAnswer, ...restAnswers]);
  }

  it('commits 10 creates that arrive together in fewer transactions, each its own version', async () => {
    const before = (await ada.workspace()).version as number;
    statements = [];
    const answers = await arrivingTogether(
      () => create('Task 0'),
      Array.from({ length: 9 }, (_, i) => () => create(`Task ${i + 1}`)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    // The first alone, then the rest in one group or, on a slow machine, a few.
    expect(groups()).toBeLessThan(5);
    // Each group commits once; the other commit is the lock holder's.
    expect(statements.filter((text) => text === 'commit').length).toBe(groups() + 1);
    // Every command bumped the version once, in the order the group ran them.
    const after = (await ada.workspace()).version as number;
    expect(after).toBe(before + 10);
    const log = await t.database.db
      .selectFrom('change_log')
      .select('version')
      .where('workspace_id', '=', ada.workspaceId)
      .where('entity', '=', 'task')
      .where('version', '>', before)
      .execute();
    expect(new Set(log.map((row) => row.version)).size).toBe(10);
  });

  it('applies a key repeated within one group once, and replays the answer to the rest', async () => {
    statements = [];
    const answers = await arrivingTogether(
      () => create('Milk', 'key-a'),
      [
        () => create('Milk', 'key-a'),
        () => create('Bread', 'key-b'),
        () => create('Milk', 'key-a'),
      ],
    );
    expect(groups()).toBeLessThan(4);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set([answers[0], answers[1], answers[3]].map((res) => res!.body)).size).toBe(1);
    const names = (await t.database.db.selectFrom('tasks').select('name').execute()).map(
      (row) => row.name,
    );
    expect(names.sort()).toEqual(['Bread', 'Milk']);
  });
});
