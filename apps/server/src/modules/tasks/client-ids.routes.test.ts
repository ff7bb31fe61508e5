import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Ids made in the browser (decision 021): tasks, projects and automations may be created under them. */
describe.each(testDialects)('client-made ids (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let bea: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
    bea = await apiClientFor(t.app, 'bea@example.com');
  });
  afterEach(() => t.close());

  const createTask = (
    client: ApiClient,
    body: { id?: string; name: string; projectId?: string; planned?: boolean },
  ) => client.call('createTask', { body: { workspaceId: client.workspaceId, ...body } });
  const createProject = (client: ApiClient, body: { id?: string; name: string; color?: string }) =>
    client.call('createProject', { body: { workspaceId: client.workspaceId, ...body } });
  const versionOf = async (client: ApiClient) =>
    (await client.callOk('getWorkspaceVersion')).version;
  const taskRows = (id: string) =>
    t.database.db.selectFrom('tasks').select('id').where('id', '=', id).execute();
  const expectIdTaken = (res: { statusCode: number; json(): { error: { code: string } } }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ID_TAKEN');
  };

  it('creates a task under its id; the same create again answers it and changes nothing', async () => {
    const id = randomUUID();
    const first = await createTask(ada, { id, name: 'Made offline', planned: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      id,
      task: { id, name: 'Made offline', state: 'PLANNED' },
    });
    const version = await versionOf(ada);

    const again = await createTask(ada, { id, name: 'Made offline', planned: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await versionOf(ada)).toBe(version);
    expect(await taskRows(id)).toHaveLength(1);
    expect((await ada.workspace()).plannedTasks).toEqual([id]);
  });

  it('lets later commands use the id at once: rename, plan, reorder', async () => {
    const id = randomUUID();
    const other = randomUUID();
    await createTask(ada, { id, name: 'First', planned: true });
    await createTask(ada, { id: other, name: 'Second', planned: true });
    await ada.callOk('renameTask', {
      params: { id },
      body: { workspaceId: ada.workspaceId, projectId: null, name: 'First, renamed' },
    });
    await ada.callOk('reorderPlannedTask', {
      params: { id },
      body: { workspaceId: ada.workspaceId, afterTaskId: other },
    });
    const workspace = await ada.workspace();
    expect(workspace.plannedTasks).toEqual([other, id]);
    expect(workspace.tasks.map((task: { name: string }) => task.name)).toEqual([
      'First, renamed',
      'Second',
    ]);
  });

  it('refuses an id used by other content, another user, another kind, or a deleted row', async () => {
    const id = randomUUID();
    await createTask(ada, { id, name: 'Mine' });
    expectIdTaken(await createTask(ada, { id, name: 'Something else' }));
    expectIdTaken(await createTask(bea, { id, name: 'Mine' }));
    expectIdTaken(await createProject(ada, { id, name: 'Mine' }));

    const { projectId } = (await createProject(ada, { id: randomUUID(), name: 'Home' })).json();
    expectIdTaken(await createTask(ada, { id: projectId, name: 'Home' }));
    expectIdTaken(await createTask(ada, { id, name: 'Mine', projectId }));

    // Delete wins: a create sent again after the delete does not bring the task back.
    await ada.callOk('deleteTask', {
      params: { id },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
    });
    expectIdTaken(await createTask(ada, { id, name: 'Mine' }));
    expect(await taskRows(id)).toHaveLength(0);
    // The refusal names no owner and no content.
    expect((await createTask(bea, { id: projectId, name: 'x' })).json().error.message).toBe(
      'This id is already used. Make a new one and send it again.',
    );
  });

  it('answers 400 for a malformed id', async () => {
    for (const id of [
      'not-a-uuid',
      randomUUID().toUpperCase(),
      '00000000-0000-0000-0000-000000000000',
      `${randomUUID()}x`,
    ]) {
      for (const res of [
        await createTask(ada, { id, name: 'x' }),
        await createProject(ada, { id, name: 'x' }),
      ]) {
        expect(res.statusCode, id).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    }
  });

  it('creates a project under its id, and answers the same create again', async () => {
    const id = randomUUID();
    const first = await createProject(ada, { id, name: 'Garden', color: '#3366ff' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ projectId: id, name: 'Garden', color: '#3366ff' });
    const version = await versionOf(ada);
    const again = await createProject(ada, { id, name: 'Garden', color: '#3366ff' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await versionOf(ada)).toBe(version);
    expectIdTaken(await createProject(ada, { id, name: 'Garden', color: '#ff6250' }));

    const task = await createTask(ada, { id: randomUUID(), name: 'Dig', projectId: id });
    expect(task.json()).toMatchObject({ projectId: id, task: { name: 'Dig' } });
  });

  it('applies racing creates with one id once', async () => {
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => createTask(ada, { id, name: 'Raced', planned: true })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await taskRows(id)).toHaveLength(1);
    expect((await ada.workspace()).plannedTasks).toEqual([id]);
  });

  it('gives a raced id to one user and refuses the other', async () => {
    const id = randomUUID();
    const answers = await Promise.all([
      createTask(ada, { id, name: 'Raced' }),
      createTask(bea, { id, name: 'Raced' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await taskRows(id)).toHaveLength(1);
  });

  const createAutomation = (
    client: ApiClient,
    body: { id?: string; taskName: string; dayOfMonth?: number },
  ) =>
    client.call('createAutomation', {
      body: {
        workspaceId: client.workspaceId,
        ...(body.id ? { id: body.id } : {}),
        trigger: { frequency: 'MONTHLY', dayOfMonth: body.dayOfMonth ?? 28 },
        steps: [{ type: 'TASK', payload: { taskName: body.taskName } }],
      },
    });
  const automationRows = (id: string) =>
    t.database.db.selectFrom('automations').select('id').where('id', '=', id).execute();

  it('creates an automation under its id; the same create again answers it and changes nothing', async () => {
    const id = randomUUID();
    const first = await createAutomation(ada, { id, taskName: 'Pay rent' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id, name: 'Monthly Automation 28' });
    const version = await versionOf(ada);

    const again = await createAutomation(ada, { id, taskName: 'Pay rent' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await versionOf(ada)).toBe(version);
    expect(await automationRows(id)).toHaveLength(1);
    expect((await ada.callOk('listAutomations')).map((a: { id: string }) => a.id)).toEqual([id]);
  });

  it('refuses an automation id used by other content, another user, another kind, or a deleted one', async () => {
    const id = randomUUID();
    await createAutomation(ada, { id, taskName: 'Pay rent' });
    expectIdTaken(await createAutomation(ada, { id, taskName: 'Something else' }));
    expectIdTaken(await createAutomation(ada, { id, taskName: 'Pay rent', dayOfMonth: 3 }));
    expectIdTaken(await createAutomation(bea, { id, taskName: 'Pay rent' }));
    expectIdTaken(await createTask(ada, { id, name: 'Pay rent' }));
    expectIdTaken(await createProject(ada, { id, name: 'Pay rent' }));

    const taskId = randomUUID();
    await createTask(ada, { id: taskId, name: 'Mine' });
    expectIdTaken(await createAutomation(ada, { id: taskId, taskName: 'Mine' }));

    // Delete wins: the create sent again after the delete does not bring it back.
    await ada.callOk('deleteAutomation', { params: { id } });
    expectIdTaken(await createAutomation(ada, { id, taskName: 'Pay rent' }));
    expect(await automationRows(id)).toHaveLength(0);
    const malformed = await createAutomation(ada, { id: 'not-a-uuid', taskName: 'x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('applies racing automation creates with one id once', async () => {
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createAutomation(ada, { id, taskName: 'Raced' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(4).fill(200));
    expect(new Set(answers.map((res) => res.json().id))).toEqual(new Set([id]));
    expect(await automationRows(id)).toHaveLength(1);
  });
});
