import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_PALETTE } from '@hustle/shared/constants';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';
import type { CreateProjectBody } from '@hustle/shared/projects';

describe.each(testDialects)('projects (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const create = (client: ApiClient, body: Omit<CreateProjectBody, 'workspaceId'>) =>
    client.call('createProject', { body: { workspaceId: client.workspaceId, ...body } });
  const version = async () => (await ada.callOk('getWorkspaceVersion')).version;
  const addTask = (projectId: string, name: string, planned = false) =>
    ada.callOk('createTask', { body: { workspaceId: ada.workspaceId, projectId, name, planned } });
  const params = (id: string) => ({ params: { id } });
  const names = async (client: ApiClient) =>
    (await client.workspace()).projects.map((p: { name: string }) => p.name);
  const makeFree = (client: ApiClient) =>
    t.database.db
      .updateTable('subscriptions')
      .set({ plan: 'FREE', is_trial: 0 })
      .where('user_id', '=', client.userId)
      .execute();

  it('creates a project last, or first with asFirst', async () => {
    const res = await create(ada, { name: '  Home  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      workspaceId: ada.workspaceId,
      name: 'Home',
      projectId: expect.any(String),
    });
    expect(PROJECT_PALETTE).toContain(body.color);
    await create(ada, { name: 'Work' });
    await create(ada, { name: 'Urgent', asFirst: true });
    expect(await names(ada)).toEqual(['Urgent', 'Home', 'Work']);

    const [project] = (await ada.workspace()).projects;
    expect(project).toMatchObject({
      name: 'Urgent',
      tasks: [],
      completedTasksCount: 0,
      shared: null,
      archived: false,
      projectRef: { projectId: project.id, workspaceId: ada.workspaceId },
    });
  });

  it('gives each new project an unused palette colour, then a random one', async () => {
    const colors: string[] = [];
    for (let i = 0; i < 12; i++) colors.push((await create(ada, { name: `P${i}` })).json().color);
    expect(new Set(colors).size).toBe(12);
    expect([...colors].sort()).toEqual([...PROJECT_PALETTE].sort());
    const thirteenth = (await create(ada, { name: 'P12' })).json().color;
    expect(thirteenth).toMatch(/^#[0-9a-f]{6}$/);
    expect((await create(ada, { name: 'Mine', color: '#ABCDEF' })).json().color).toBe('#abcdef');
  });

  it("avoids the colours of archived projects too (they are still the user's)", async () => {
    const colors: string[] = [];
    for (let i = 0; i < 11; i++) colors.push((await create(ada, { name: `P${i}` })).json().color);
    const [first] = (await ada.workspace()).projects;
    await ada.callOk('archiveProject', { params: { id: first.id }, body: {} });
    const last = PROJECT_PALETTE.find((color) => !colors.includes(color));
    expect((await create(ada, { name: 'P11' })).json().color).toBe(last);
  });

  // Bodies no endpoint's types allow, so sent raw.
  it('rejects bad input with a clear message and stores nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '   ' }, /needs a name/],
      [{ name: 'x'.repeat(101) }, /at most 100/],
      [{ name: 'Ok', color: 'blue' }, /#rrggbb/],
      [{ name: 'Ok', owner: 'me' }, /unrecognized|unknown/i],
    ];
    for (const [body, message] of cases) {
      const res = await ada.post('/api/v1/projects', { workspaceId: ada.workspaceId, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await create(ada, { name: 'x'.repeat(100) })).statusCode).toBe(200);
    expect(await names(ada)).toHaveLength(1);
  });

  it('renames and recolours, bumping the version', async () => {
    const { projectId } = (await create(ada, { name: 'Home' })).json();
    const rename = (name: string) =>
      ada.call('renameProject', {
        params: { id: projectId },
        body: { workspaceId: ada.workspaceId, name },
      });
    const before = await version();
    expect((await rename(' House ')).statusCode).toBe(200);
    const recolour = await ada.call('setProjectColor', {
      params: { id: projectId },
      body: { workspaceId: ada.workspaceId, color: '#4B0082' },
    });
    expect(recolour.statusCode).toBe(200);
    expect(await version()).toBe(before + 2);
    const [project] = (await ada.workspace()).projects;
    expect(project).toMatchObject({ name: 'House', color: '#4b0082' });
    const blank = await rename('');
    expect(blank.statusCode).toBe(400);
    expect((await ada.workspace()).projects[0].name).toBe('House');
  });

  it('moves a project to a new index, writing one row', async () => {
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D'])
      ids.push((await create(ada, { name })).json().projectId);
    const positions = async () =>
      t.database.db.selectFrom('workspace_projects').select(['project_id', 'position']).execute();
    const move = (projectId: string, index: number) =>
      ada.call('moveProject', { params: { id: ada.workspaceId }, body: { projectId, index } });
    const before = await positions();
    const res = await move(ids[3]!, 1);
    expect(res.statusCode).toBe(200);
    expect(await names(ada)).toEqual(['A', 'D', 'B', 'C']);
    const after = await positions();
    const changed = after.filter(
      (row) => before.find((b) => b.project_id === row.project_id)?.position !== row.position,
    );
    expect(changed.map((row) => row.project_id)).toEqual([ids[3]]);

    await move(ids[0]!, 99);
    expect(await names(ada)).toEqual(['D', 'B', 'C', 'A']);
    await move(ids[2]!, 0);
    expect(await names(ada)).toEqual(['C', 'D', 'B', 'A']);
  });

  it('archives (leaving planned lists) and brings back with open tasks IDLE', async () => {
    const { projectId } = (await create(ada, { name: 'Home' })).json();
    const task = await addTask(projectId, 'Paint', true);
    expect((await ada.workspace()).plannedTasks).toEqual([task.id]);

    const archive = await ada.call('archiveProject', {
      ...params(projectId),
      body: { workspaceId: ada.workspaceId },
    });
    expect(archive.statusCode).toBe(200);
    let ws = await ada.workspace();
    expect(ws.projects).toHaveLength(0);
    expect(ws.archivedProjectsCount).toBe(1);
    expect(ws.plannedTasks).toEqual([]);
    const archived = await ada.callOk('listArchivedProjects', params(ada.workspaceId));
    expect(archived).toEqual([{ id: projectId, name: 'Home', color: expect.any(String) }]);
    expect(await ada.callOk('listProjectTasks', params(projectId))).toHaveLength(1);

    const back = await ada.call('unarchiveProject', { ...params(projectId), body: {} });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      id: projectId,
      name: 'Home',
      completedTasksCount: 0,
      shared: null,
      tasks: [{ id: task.id, state: 'IDLE', planned: false }],
    });
    ws = await ada.workspace();
    expect(ws.archivedProjectsCount).toBe(0);
    expect(ws.projects.map((p: { id: string }) => p.id)).toEqual([projectId]);
  });

  it('keeps archived projects behind the archives access', async () => {
    await create(ada, { name: 'Home' });
    await makeFree(ada);
    const res = await ada.call('listArchivedProjects', params(ada.workspaceId));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ARCHIVES_NOT_AVAILABLE');
  });

  it('deletes a project with its tasks', async () => {
    const { projectId } = (await create(ada, { name: 'Home' })).json();
    const task = await addTask(projectId, 'Paint', true);
    expect((await ada.call('deleteProject', params(projectId))).statusCode).toBe(200);
    const ws = await ada.workspace();
    expect(ws.projects).toEqual([]);
    expect(ws.plannedTasks).toEqual([]);
    expect(
      await t.database.db.selectFrom('tasks').selectAll().where('id', '=', task.id).execute(),
    ).toEqual([]);
    expect((await ada.call('deleteProject', params(projectId))).statusCode).toBe(404);
  });

  it('enforces the Free plan project limit on the server, keeping what exists', async () => {
    for (let i = 0; i < 6; i++) await create(ada, { name: `P${i}` });
    await makeFree(ada);
    expect((await ada.workspace()).access).toEqual({
      archives: false,
      projectSharing: false,
      projectsLimit: 5,
      automationsLimit: 2,
    });
    const res = await create(ada, { name: 'One too many' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'PROJECT_LIMIT_REACHED',
      message: expect.stringMatching(/5 projects/),
    });
    expect(await names(ada)).toHaveLength(6);
  });

  it('lists the tasks of a project open ones first, completed ones with done and completedAt', async () => {
    const { projectId } = (await create(ada, { name: 'Home' })).json();
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) ids.push((await addTask(projectId, `Task ${i}`)).id);
    t.clock.advance(60_000);
    await ada.callOk('taskAction', {
      params: { id: ids[1]!, action: 'complete' },
      body: { workspaceId: ada.workspaceId, projectId, origin: 'workspace' },
    });
    const tasks = await ada.callOk('listProjectTasks', params(projectId));
    // Decision 035: open tasks in their order, then completed ones in theirs.
    expect(tasks.map((task) => task.name)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `Task ${i + 1}`).filter((name) => name !== 'Task 2'),
      'Task 2',
    ]);
    expect(tasks[11]).toMatchObject({ done: true, completedAt: t.clock.now().toISOString() });
    expect(tasks.filter((task) => task.done)).toHaveLength(1);
    expect(tasks.filter((task) => !task.done && task.completedAt === null)).toHaveLength(11);
    const [card] = (await ada.workspace()).projects;
    expect(card.tasks.filter((task: { done: boolean }) => !task.done)).toHaveLength(10);
    expect(card.openTasksCount).toBe(11);
  });

  it("answers 404 for another user's project and changes nothing", async () => {
    const { projectId } = (await create(ada, { name: 'Secret' })).json();
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const ws = eve.workspaceId;
    const project = params(projectId);
    const attempts = [
      eve.call('renameProject', { ...project, body: { workspaceId: ws, name: 'Mine' } }),
      eve.call('setProjectColor', { ...project, body: { workspaceId: ws, color: '#000000' } }),
      eve.call('archiveProject', { ...project, body: { workspaceId: ws } }),
      eve.call('unarchiveProject', { ...project, body: { workspaceId: ws } }),
      eve.call('deleteProject', project),
      eve.call('listProjectTasks', project),
      eve.call('moveProject', { ...params(ws), body: { projectId, index: 0 } }),
      eve.call('createTask', { body: { workspaceId: ws, projectId, name: 'Sneaky' } }),
      eve.call('getWorkspace', params(ada.workspaceId)),
      eve.call('listArchivedProjects', params(ada.workspaceId)),
      eve.call('moveProject', { ...params(ada.workspaceId), body: { projectId, index: 0 } }),
      eve.call('createProject', { body: { workspaceId: ada.workspaceId, name: 'Planted' } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const mine = await ada.workspace();
    expect(mine.projects.map((p: { name: string }) => p.name)).toEqual(['Secret']);
    expect(mine.projects[0].tasks).toEqual([]);
  });

  it('answers 401 to signed-out calls', async () => {
    const res = await callEndpoint(t.app, 'createProject', {
      body: { workspaceId: 'x', name: 'y' },
    });
    expect(res.statusCode).toBe(401);
  });
});
