import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

describe.each(testDialects)('tasks (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const addTask = async (body: Record<string, unknown>) => {
    const res = await ada.post('/api/v1/tasks', { workspaceId: ada.workspaceId, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const act = (id: string, action: string, prefix = '/api/v1/tasks') =>
    ada.put(`${prefix}/${id}/${action}`, {
      workspaceId: ada.workspaceId,
      projectId: null,
      origin: 'workspace',
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
    const long = await ada.post('/api/v1/tasks', {
      workspaceId: ada.workspaceId,
      name: 'x'.repeat(2049),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/at most 2048/);
    const blank = await ada.post('/api/v1/tasks', { workspaceId: ada.workspaceId, name: ' \n ' });
    expect(blank.statusCode).toBe(400);

    const { id } = await addTask({ name: 'Short' });
    const rename = (name: string) =>
      ada.put(`/api/v1/tasks/${id}/rename`, {
        workspaceId: ada.workspaceId,
        projectId: null,
        name,
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
    expect((await act(id, 'plan', '/api/v1/workspace/tasks')).statusCode).toBe(200);
    expect((await ada.workspace()).plannedTasks).toEqual([id]);
    expect((await act(id, 'idle', '/api/v1/workspace/tasks')).statusCode).toBe(200);
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
    expect((await ada.post('/api/v1/workspace/hide-completed')).statusCode).toBe(200);
    ws = await ada.workspace();
    expect(ws.plannedTasks).toEqual([b.id]);
    expect(ws.tasks.map((task: { id: string }) => task.id)).toEqual([b.id]);

    await act(a.id, 'revert');
    expect((await ada.workspace()).plannedTasks).toEqual([b.id, a.id]);
  });

  it('counts completed project tasks after they are hidden', async () => {
    const { projectId } = (
      await ada.post('/api/v1/projects', { workspaceId: ada.workspaceId, name: 'Home' })
    ).json();
    const task = await addTask({ projectId, name: 'Paint', planned: true });
    await ada.put(`/api/v1/tasks/${task.id}/complete`, {
      workspaceId: ada.workspaceId,
      projectId,
      origin: 'workspace',
    });
    await ada.post('/api/v1/workspace/hide-completed', {});
    const [project] = (await ada.workspace()).projects;
    expect(project.completedTasksCount).toBe(1);
    expect(project.tasks).toEqual([]);
  });

  it('moves all planned tasks back to planning', async () => {
    const a = await addTask({ name: 'A', planned: true });
    await addTask({ name: 'B', planned: true });
    await act(a.id, 'complete');
    expect((await ada.post('/api/v1/workspace/idle-all-planned')).statusCode).toBe(200);
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
    const front = await ada.put(`/api/v1/workspace/tasks/${c.id}/put-to-front`, {
      workspaceId: ada.workspaceId,
    });
    expect(front.statusCode).toBe(200);
    expect((await ada.workspace()).plannedTasks).toEqual([c.id, a.id, b.id]);
    const after = await ada.put(`/api/v1/workspace/tasks/${c.id}/reorder`, {
      workspaceId: ada.workspaceId,
      afterTaskId: a.id,
    });
    expect(after.statusCode).toBe(200);
    expect((await ada.workspace()).plannedTasks).toEqual([a.id, c.id, b.id]);
    await ada.put(`/api/v1/workspace/tasks/${a.id}/reorder`, {
      workspaceId: ada.workspaceId,
      afterTaskId: b.id,
    });
    expect((await ada.workspace()).plannedTasks).toEqual([c.id, b.id, a.id]);

    const self = await ada.put(`/api/v1/workspace/tasks/${a.id}/reorder`, {
      workspaceId: ada.workspaceId,
      afterTaskId: a.id,
    });
    expect(self.statusCode).toBe(400);
    const idle = await addTask({ name: 'D' });
    const notPlanned = await ada.put(`/api/v1/workspace/tasks/${idle.id}/put-to-front`, {
      workspaceId: ada.workspaceId,
    });
    expect(notPlanned.statusCode).toBe(409);
  });

  it('deletes a task and takes it off the planned list', async () => {
    const a = await addTask({ name: 'A', planned: true });
    const res = await ada.post(`/api/v1/tasks/${a.id}/delete`, {
      workspaceId: ada.workspaceId,
      projectId: null,
      origin: 'workspace',
    });
    expect(res.statusCode).toBe(200);
    const ws = await ada.workspace();
    expect(ws.tasks).toEqual([]);
    expect(ws.plannedTasks).toEqual([]);
  });

  it("answers 404 for another user's task and changes nothing", async () => {
    const a = await addTask({ name: 'Mine', planned: true });
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const body = { workspaceId: eve.workspaceId, projectId: null, origin: 'workspace' };
    const attempts = [
      eve.put(`/api/v1/tasks/${a.id}/rename`, {
        workspaceId: eve.workspaceId,
        projectId: null,
        name: 'Hacked',
      }),
      eve.post(`/api/v1/tasks/${a.id}/delete`, body),
      ...['plan', 'idle', 'complete', 'revert'].map((action) =>
        eve.put(`/api/v1/tasks/${a.id}/${action}`, body),
      ),
      eve.put(`/api/v1/workspace/tasks/${a.id}/put-to-front`, { workspaceId: eve.workspaceId }),
      eve.put(`/api/v1/workspace/tasks/${a.id}/reorder`, {
        workspaceId: eve.workspaceId,
        afterTaskId: a.id + 'x',
      }),
      // Her own workspace id is no key to Ada's tasks, and Ada's id is no key to anything.
      eve.put(`/api/v1/tasks/${a.id}/complete`, { ...body, workspaceId: ada.workspaceId }),
      eve.post('/api/v1/tasks', { workspaceId: ada.workspaceId, name: 'Planted' }),
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
    expect((await act(a.id, 'explode')).statusCode).toBe(400);
    const wrongProject = await ada.put(`/api/v1/tasks/${a.id}/plan`, {
      workspaceId: ada.workspaceId,
      projectId: 'some-other-project',
      origin: 'workspace',
    });
    expect(wrongProject.statusCode).toBe(404);
  });

  it('bumps the workspace version with every visible change', async () => {
    const version = async () => (await ada.get('/api/v1/dashboard/version')).json();
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
});
