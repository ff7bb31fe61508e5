import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from './api-client.ts';
import { rowsSnapshotter, stateSnapshotter, stateWatch } from './state-snapshot.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { testDialects } from './test-databases.ts';

// The hostile-input, fuzz and access-matrix suites trust these reads to see any write.
describe.each(testDialects)('state snapshots (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let taskId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
    ({ id: taskId } = await ada.callOk('createTask', {
      body: { workspaceId: ada.workspaceId, projectId: null, name: 'Water plants', planned: true },
    }));
  });
  afterAll(() => t?.close());

  it('the rows snapshot names the table whose row was updated in place, and its search index', async () => {
    const rows = await rowsSnapshotter(t);
    const before = await rows();
    expect(await rows()).toEqual(before);
    await t.database.db
      .updateTable('tasks')
      .set({ name: 'Water the plants' })
      .where('id', '=', taskId)
      .execute();
    const after = await rows();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toContain('tasks');
    expect(changed.filter((table) => !/^task_search/.test(table))).toEqual(['tasks']);
  });

  it('the state snapshot sees a row added and a workspace version moved', async () => {
    const state = await stateSnapshotter(t);
    const before = await state();
    await ada.callOk('createTask', {
      body: { workspaceId: ada.workspaceId, projectId: null, name: 'Call Bea', planned: true },
    });
    const after = await state();
    expect(after.counts.tasks).toBe(before.counts.tasks! + 1);
    expect(after.versions).not.toBe(before.versions);
  });

  it('a watch reads again after forget(), and reuses the read after a refusal', async () => {
    let reads = 0;
    const watch = stateWatch(async () => ++reads);
    expect(await watch.before()).toBe(1);
    expect(await watch.after()).toBe(2);
    expect(await watch.before()).toBe(2);
    watch.forget();
    expect(await watch.before()).toBe(3);
  });
});
