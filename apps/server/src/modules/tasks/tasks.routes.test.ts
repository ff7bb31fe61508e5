import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { tasksApi } from '@hustle/shared/tasks.api';
import { TASK_ACTIONS, type CreateTaskBody, type TaskAction } from '@hustle/shared/tasks';

describe.each(testDialects)('tasks (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const addTask = (body: Omit<CreateTaskBody, 'workspaceId'>) =>
    ada.callOk('createTask', { body: { workspaceId: ada.workspaceId, ...body } });
  const inbox = { projectId: null, origin: 'workspace' } as const;
  /** Both paths spec §7 names for task actions; the web app calls the first. */
  const [workspacePath, tasksPath] = [
    tasksApi.taskAction.path,
    ...tasksApi.taskAction.aliases,
  ] as const;
  const act = (id: string, action: TaskAction, via: string = tasksPath!) =>
    ada.call('taskAction', {
      params: { id, action },
      body: { workspaceId: ada.workspaceId, ...inbox },
      via,
    });

  it('adds inbox tasks idle, or planned at the end of the planned list', async () => {
    const idle = await addTask({ name: 'Buy milk', planned: false });
    expect(idle).toMatchObject({
      workspaceId: ada.workspaceId,
      projectId: null,
      id: expect.any(String),
      done: false,
    });
    const a = await addTask({ name: 'A', planned: true });
    const b = await addTask({ name: 'B', planned: true });
    const ws = await ada.workspace();
    expect(
      ws.tasks.map((task: { name: string; state: string }) => [task.name, task.state]),
    ).toEqual([
      ['Buy milk', 'IDLE'],
      ['A', 'PLANNED'],
      ['B', 'PLANNED'],
    ]);
    expect(ws.plannedTasks).toEqual([a.id, b.id]);
  });

  it('validates names: 2048 at creation, 200 at rename, never blank', async () => {
    expect((await addTask({ name: 'x'.repeat(2048) })).id).toBeTruthy();
    const long = await ada.call('createTask', {
      body: { workspaceId: ada.workspaceId, name: 'x'.repeat(2049) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/at most 2048/);
    const blank = await ada.call('createTask', {
      body: { workspaceId: ada.workspaceId, name: ' \n ' },
    });
    expect(blank.statusCode).toBe(400);

    const { id } = await addTask({ name: 'Short' });
    const rename = (name: string) =>
      ada.call('renameTask', {
        params: { id },
        body: { workspaceId: ada.workspaceId, projectId: null, name },
      });
    expect((await rename('y'.repeat(201))).statusCode).toBe(400);
    expect((await rename('   ')).statusCode).toBe(400);
    expect((await rename('  Renamed  ')).statusCode).toBe(200);
    const names = (await ada.workspace()).tasks.map((task: { name: string }) => task.name);
    expect(names).toEqual(['x'.repeat(2048), 'Renamed']);
  });

  it('plans and idles through both paths, idempotently', async () => {
    const { id } = await addTask({ name: 'Read' });
    expect((await act(id, 'plan')).statusCode).toBe(200);
    expect((await act(id, 'plan', workspacePath)).statusCode).toBe(200);
    expect((await ada.workspace()).plannedTasks).toEqual([id]);
    expect((await act(id, 'idle', workspacePath)).statusCode).toBe(200);
    expect((await act(id, 'idle')).statusCode).toBe(200);
    const ws = await ada.workspace();
    expect(ws.plannedTasks).toEqual([]);
    expect(ws.tasks[0]).toMatchObject({ state: 'IDLE', planned: false });
  });

  it('completes and reverts: DONE keeps its place until hidden, revert plans again', async () => {
    const a = await addTask({ name: 'A', planned: true });
    const b = await addTask({ name: 'B', planned: true });
    expect((await act(a.id, 'complete')).statusCode).toBe(200);
    let ws = await ada.workspace();
    expect(ws.plannedTasks).toEqual([a.id, b.id]);
    const done = ws.tasks.find((task: { id: string }) => task.id === a.id);
    expect(done).toMatchObject({
      state: 'DONE',
      done: true,
      completedAt: t.clock.now().toISOString(),
    });
    expect((await act(a.id, 'plan')).statusCode).toBe(409);

    expect((await act(a.id, 'revert')).statusCode).toBe(200);
    ws = await ada.workspace();
    expect(ws.tasks.find((task: { id: string }) => task.id === a.id)).toMatchObject({
      state: 'PLANNED',
      done: false,
      completedAt: null,
    });

    await act(a.id, 'complete');
    expect((await ada.call('hideCompletedTasks')).statusCode).toBe(200);
    ws = await ada.workspace();
    expect(ws.plannedTasks).toEqual([b.id]);
    expect(ws.tasks.map((task: { id: string }) => task.id)).toEqual([b.id]);

    await act(a.id, 'revert');
    expect((await ada.workspace()).plannedTasks).toEqual([b.id, a.id]);
  });

  it('counts completed project tasks after they are hidden', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Home' },
    });
    const task = await addTask({ projectId, name: 'Paint', planned: true });
    await ada.callOk('taskAction', {
      params: { id: task.id, action: 'complete' },
      body: { workspaceId: ada.workspaceId, projectId, origin: 'workspace' },
    });
    await ada.callOk('hideCompletedTasks', { body: {} });
    const [project] = (await ada.workspace()).projects;
    expect(project.completedTasksCount).toBe(1);
    expect(project.tasks).toEqual([]);
  });

  it('moves all planned tasks back to planning', async () => {
    const a = await addTask({ name: 'A', planned: true });
    await addTask({ name: 'B', planned: true });
    await act(a.id, 'complete');
    expect((await ada.call('idleAllPlannedTasks')).statusCode).toBe(200);
    const ws = await ada.workspace();
    expect(ws.plannedTasks).toEqual([]);
    expect(
      ws.tasks.map((task: { name: string; state: string }) => [task.name, task.state]),
    ).toEqual([['B', 'IDLE']]);
  });

  it('puts a planned task to the front and after another', async () => {
    const [a, b, c] = [
      await addTask({ name: 'A', planned: true }),
      await addTask({ name: 'B', planned: true }),
      await addTask({ name: 'C', planned: true }),
    ];
    const toFront = (id: string) =>
      ada.call('putTaskToFront', { params: { id }, body: { workspaceId: ada.workspaceId } });
    const reorder = (id: string, afterTaskId: string) =>
      ada.call('reorderPlannedTask', {
        params: { id },
        body: { workspaceId: ada.workspaceId, afterTaskId },
      });
    expect((await toFront(c.id)).statusCode).toBe(200);
    expect((await ada.workspace()).plannedTasks).toEqual([c.id, a.id, b.id]);
    expect((await reorder(c.id, a.id)).statusCode).toBe(200);
    expect((await ada.workspace()).plannedTasks).toEqual([a.id, c.id, b.id]);
    await reorder(a.id, b.id);
    expect((await ada.workspace()).plannedTasks).toEqual([c.id, b.id, a.id]);

    expect((await reorder(a.id, a.id)).statusCode).toBe(400);
    const idle = await addTask({ name: 'D' });
    expect((await toFront(idle.id)).statusCode).toBe(409);
  });

  it('deletes a task and takes it off the planned list', async () => {
    const a = await addTask({ name: 'A', planned: true });
    const res = await ada.call('deleteTask', {
      params: { id: a.id },
      body: { workspaceId: ada.workspaceId, ...inbox },
    });
    expect(res.statusCode).toBe(200);
    const ws = await ada.workspace();
    expect(ws.tasks).toEqual([]);
    expect(ws.plannedTasks).toEqual([]);
  });

  it("answers 404 for another user's task and changes nothing", async () => {
    const a = await addTask({ name: 'Mine', planned: true });
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const body = { workspaceId: eve.workspaceId, ...inbox };
    const params = { id: a.id };
    const attempts = [
      eve.call('renameTask', {
        params,
        body: { workspaceId: eve.workspaceId, projectId: null, name: 'Hacked' },
      }),
      eve.call('deleteTask', { params, body }),
      ...TASK_ACTIONS.map((action) =>
        eve.call('taskAction', { params: { ...params, action }, body }),
      ),
      eve.call('putTaskToFront', { params, body: { workspaceId: eve.workspaceId } }),
      eve.call('reorderPlannedTask', {
        params,
        body: { workspaceId: eve.workspaceId, afterTaskId: a.id + 'x' },
      }),
      // Her own workspace id is no key to Ada's tasks, and Ada's id is no key to anything.
      eve.call('taskAction', {
        params: { ...params, action: 'complete' },
        body: { ...body, workspaceId: ada.workspaceId },
      }),
      eve.call('createTask', { body: { workspaceId: ada.workspaceId, name: 'Planted' } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
    }
    const ws = await ada.workspace();
    expect(ws.tasks).toEqual([
      expect.objectContaining({ id: a.id, name: 'Mine', state: 'PLANNED' }),
    ]);
    expect(ws.plannedTasks).toEqual([a.id]);
  });

  // Bodies no endpoint's types allow, so sent raw.
  it('needs projectId and origin on task commands (spec §5)', async () => {
    const a = await addTask({ name: 'A' });
    const withoutOrigin = await ada.put(`/api/v1/tasks/${a.id}/plan`, {
      workspaceId: ada.workspaceId,
      projectId: null,
    });
    expect(withoutOrigin.statusCode).toBe(400);
    expect(withoutOrigin.json().error.message).toMatch(/origin/);
    const withoutProject = await ada.put(`/api/v1/tasks/${a.id}/rename`, {
      workspaceId: ada.workspaceId,
      name: 'B',
    });
    expect(withoutProject.statusCode).toBe(400);
    expect(withoutProject.json().error.message).toMatch(/projectId/);
    expect((await ada.workspace()).tasks[0]).toMatchObject({ name: 'A', state: 'IDLE' });
  });

  it('rejects an unknown action and a mismatched project id', async () => {
    const a = await addTask({ name: 'A' });
    // A path no endpoint's types allow, so sent raw.
    const explode = await ada.put(`/api/v1/tasks/${a.id}/explode`, {
      workspaceId: ada.workspaceId,
      ...inbox,
    });
    expect(explode.statusCode).toBe(400);
    const wrongProject = await ada.call('taskAction', {
      params: { id: a.id, action: 'plan' },
      body: { workspaceId: ada.workspaceId, projectId: 'some-other-project', origin: 'workspace' },
    });
    expect(wrongProject.statusCode).toBe(404);
  });

  it('bumps the workspace version with every visible change', async () => {
    const version = () => ada.callOk('getWorkspaceVersion');
    const v0 = await version();
    expect(v0).toMatchObject({
      workspaceId: ada.workspaceId,
      version: expect.any(Number),
      updatedAt: expect.any(String),
    });
    const a = await addTask({ name: 'A' });
    const v1 = (await version()).version;
    await act(a.id, 'plan');
    const v2 = (await version()).version;
    await act(a.id, 'complete');
    const v3 = (await version()).version;
    expect([v1, v2, v3]).toEqual([v0.version + 1, v0.version + 2, v0.version + 3]);
    expect((await ada.workspace()).version).toBe(v3);
  });

  it('completing a task that is not planned plans and completes it in one step', async () => {
    const { id } = await addTask({ name: 'Call mum' });
    const res = await act(id, 'complete');
    expect(res.statusCode).toBe(200);
    const ws = await ada.workspace();
    expect(ws.plannedTasks).toEqual([id]);
    expect(ws.tasks.find((task: { id: string }) => task.id === id)).toMatchObject({
      state: 'DONE',
      done: true,
    });
  });

  it('checks the workspace id of hide-completed and idle-all-planned (404 for another)', async () => {
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const { id } = await addTask({ name: 'Mine', planned: true });
    const before = (await ada.workspace()).version;
    for (const path of ['hide-completed', 'idle-all-planned']) {
      const res = await ada.post(`/api/v1/workspace/${path}`, { workspaceId: eve.workspaceId });
      expect(res.statusCode, path).toBe(404);
    }
    const ws = await ada.workspace();
    expect(ws.version).toBe(before);
    expect(ws.plannedTasks).toEqual([id]);
    expect((await ada.post('/api/v1/workspace/idle-all-planned', {})).statusCode).toBe(200);
    expect((await ada.workspace()).plannedTasks).toEqual([]);
  });

  it('refuses to delete, rename or plan a task of an archived project', async () => {
    const projectId = (
      await ada.post('/api/v1/projects', { workspaceId: ada.workspaceId, name: 'Old' })
    ).json().projectId;
    const { id } = await addTask({ projectId, name: 'Keep me' });
    await ada.post(`/api/v1/projects/${projectId}/archive`, {});
    const body = { workspaceId: ada.workspaceId, projectId, origin: 'workspace' };
    const refused = [
      await ada.post(`/api/v1/tasks/${id}/delete`, body),
      await ada.put(`/api/v1/tasks/${id}/rename`, { ...body, origin: undefined, name: 'New' }),
      await ada.put(`/api/v1/tasks/${id}/plan`, body),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('PROJECT_ARCHIVED');
    }
    const tasks = (await ada.get(`/api/v1/projects/${projectId}/tasks`)).json();
    expect(tasks).toMatchObject([{ id, name: 'Keep me' }]);
  });
});
