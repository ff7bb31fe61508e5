import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAPS } from '@hustle/shared/constants';
import type { UndoTicket } from '@hustle/shared/undo';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { insertTasks } from '../../testing/seed-tasks.ts';
import { stateSnapshotter } from '../../testing/state-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/**
 * The room check of a create reads each list's size from `task_list_sizes`, which migration
 * 0034's triggers keep. Every kind of write that adds or removes tasks must leave it equal to
 * the rows it stands for, on both databases, and the cap must hold at exactly 5,000.
 */
describe.each(testDialects)('list sizes (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const inbox = () => ({
    workspaceId: ada.workspaceId,
    projectId: null,
    origin: 'workspace' as const,
  });
  const addTask = (name: string, projectId: string | null = null) =>
    ada.callOk('createTask', { body: { workspaceId: ada.workspaceId, projectId, name } });
  const undo = (ticket: UndoTicket | null) =>
    ada.call('undo', { params: { token: ticket!.token } });

  async function sizesKept() {
    const { rows } = await sql<{ list_id: string; tasks: number | string }>`
      select list_id, tasks from task_list_sizes order by list_id`.execute(t.database.db);
    return rows.map((row) => ({ list: row.list_id, tasks: Number(row.tasks) }));
  }
  async function sizesCounted() {
    const { rows } = await sql<{ list_id: string; tasks: number | string }>`
      select coalesce(project_id, workspace_id) as list_id, count(*) as tasks from tasks
      group by coalesce(project_id, workspace_id) order by 1`.execute(t.database.db);
    return rows.map((row) => ({ list: row.list_id, tasks: Number(row.tasks) }));
  }
  const expectSizesKept = async () => expect(await sizesKept()).toEqual(await sizesCounted());

  it('follows creates, deletes, a deleted project and their undos', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Garden' },
    });
    const seeds = await addTask('Seeds', projectId);
    await addTask('Water', projectId);
    const call = await addTask('Call mum');
    await expectSizesKept();
    expect(await sizesKept()).toContainEqual({ list: projectId, tasks: 2 });

    const deleted = await ada.callOk('deleteTask', {
      params: { id: call.id },
      body: inbox(),
    });
    await expectSizesKept();
    // The inbox is empty again: its row goes rather than staying at zero.
    expect((await sizesKept()).map((row) => row.list)).not.toContain(ada.workspaceId);
    expect((await undo(deleted.undo)).statusCode).toBe(200);
    await expectSizesKept();

    const gone = await ada.callOk('deleteProject', { params: { id: projectId } });
    await expectSizesKept();
    expect((await sizesKept()).map((row) => row.list)).not.toContain(projectId);
    expect((await undo(gone.undo)).statusCode).toBe(200);
    await expectSizesKept();
    expect(await sizesKept()).toContainEqual({ list: projectId, tasks: 2 });
    expect(seeds.id).toBeTruthy();
  });

  it('follows a task moved between lists, in either direction, and a move that stays', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Garden' },
    });
    const seeds = await addTask('Seeds', projectId);
    const call = await addTask('Call mum');
    const moveTo = (id: string, home: { project_id: string | null; workspace_id: string | null }) =>
      t.database.db.updateTable('tasks').set(home).where('id', '=', id).execute();
    await moveTo(seeds.id, { project_id: null, workspace_id: ada.workspaceId });
    await expectSizesKept();
    expect(await sizesKept()).toEqual([{ list: ada.workspaceId, tasks: 2 }]);
    await moveTo(call.id, { project_id: projectId, workspace_id: null });
    await moveTo(seeds.id, { project_id: projectId, workspace_id: null });
    await moveTo(seeds.id, { project_id: projectId, workspace_id: null });
    await expectSizesKept();
    expect(await sizesKept()).toEqual([{ list: projectId, tasks: 2 }]);
  });

  it('follows an import and the deletion of the account', async () => {
    await addTask('Before the import');
    const exported = await ada.callOk('exportData');
    const bob = await apiClientFor(t.app, 'bob@example.com');
    expect((await bob.call('importData', { body: exported })).statusCode).toBe(200);
    await expectSizesKept();
    await ada.callOk('deleteAccount', { body: { email: 'ada@example.com' } });
    await expectSizesKept();
    expect(await sizesKept()).toHaveLength(1);
  });

  it('lets a list reach 5,000 tasks and refuses the next, changing nothing', async () => {
    await insertTasks(t.database.db, ada.workspaceId, CAPS.tasksPerList - 1);
    await expectSizesKept();
    await addTask('The last one that fits');
    const snapshot = await stateSnapshotter(t);
    const before = await snapshot();
    const refused = await ada.call('createTask', {
      body: { workspaceId: ada.workspaceId, projectId: null, name: 'One too many' },
    });
    expect(refused.json().error.code).toBe('TASK_LIMIT_REACHED');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
    await expectSizesKept();
  });
});
