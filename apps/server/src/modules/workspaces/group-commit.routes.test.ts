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

  it('commits 10 creates that arrive together in fewer transactions, each its own version', async () => {
    const before = (await ada.workspace()).version as number;
    statements = [];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(`Task ${i}`)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(groups()).toBeGreaterThan(0);
    expect(groups()).toBeLessThan(10);
    expect(statements.filter((text) => text === 'commit').length).toBe(groups());
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
    const answers = await Promise.all([
      create('Milk', 'key-a'),
      create('Milk', 'key-a'),
      create('Bread', 'key-b'),
      create('Milk', 'key-a'),
    ]);
    expect(groups()).toBeLessThan(4);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set([answers[0], answers[1], answers[3]].map((res) => res!.body)).size).toBe(1);
    const names = (await t.database.db.selectFrom('tasks').select('name').execute()).map(
      (row) => row.name,
    );
    expect(names.sort()).toEqual(['Bread', 'Milk']);
  });
});
