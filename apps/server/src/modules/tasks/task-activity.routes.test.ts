import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TASK_ACTIVITY_LIMIT, type TaskActivity } from '@hustle/shared/task-details';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { createMaintenance, TASK_ACTIVITY_RETENTION_DAYS } from '../workspaces/maintenance.ts';

const MINUTE = 60_000;

/** Issue 31 item 1, decision 087: who changed a shared task, kept by the write path. */
describe.each(testDialects)('task activity (%s)', (dialect) => {
  let t: TestApp;
  let owner: ApiClient;
  let member: ApiClient;
  let stranger: ApiClient;
  let shared: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await apiClientFor(t.app, 'owner@example.com');
    member = await apiClientFor(t.app, 'member@example.com');
    stranger = await apiClientFor(t.app, 'stranger@example.com');
    shared = (
      await owner.callOk('createProject', {
        body: { workspaceId: owner.workspaceId, name: 'Garden' },
      })
    ).projectId as string;
    const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId: shared } });
    await member.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace('/invite/', '') },
    });
  });
  afterEach(() => t.close());

  const body = (client: ApiClient, projectId: string | null) => ({
    workspaceId: client.workspaceId,
    projectId,
  });
  const addTask = async (projectId: string | null, name: string, client = owner) =>
    (await client.callOk('createTask', { body: { ...body(client, projectId), name } }))
      .id as string;
  const act = (client: ApiClient, id: string, action: 'complete' | 'revert' | 'plan') =>
    client.callOk('taskAction', {
      params: { id, action },
      body: { ...body(client, shared), origin: 'workspace' },
    });
  const activity = (id: string, client = owner) =>
    client.callOk('getTaskActivity', { params: { id } }) as Promise<TaskActivity>;
  const later = () => t.clock.advance(MINUTE);

  it('records who did what to a shared task, newest first, named from the command', async () => {
    const id = await addTask(shared, 'Water the roses');
    later();
    await member.callOk('renameTask', {
      params: { id },
      body: { ...body(member, shared), name: 'Water the tulips' },
    });
    later();
    await act(member, id, 'plan');
    later();
    await act(member, id, 'complete');
    later();
    await act(owner, id, 'revert');
    later();
    await member.callOk('setTaskNotes', {
      params: { id },
      body: { ...body(member, shared), notes: 'Twice a week' },
    });
    const { entries } = await activity(id);
    expect(entries.map((entry) => [entry.userId, entry.kind])).toEqual([
      [member.userId, 'notes'],
      [owner.userId, 'reopened'],
      [member.userId, 'completed'],
      [member.userId, 'renamed'],
      [owner.userId, 'created'],
    ]);
    expect(entries[0]!.at).toBe(t.clock.now().toISOString());
    expect(await activity(id, member)).toEqual({ taskId: id, entries });
  });

  it('names people by e-mail only as sharing already shows them to the caller', async () => {
    const other = await apiClientFor(t.app, 'other@example.com');
    const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId: shared } });
    await other.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace('/invite/', '') },
    });
    const id = await addTask(shared, 'Sweep');
    later();
    await act(member, id, 'complete');
    const seen = async (client: ApiClient) =>
      (await activity(id, client)).entries.map((entry) => entry.who);
    expect(await seen(owner)).toEqual(['member@example.com', 'owner@example.com']);
    expect(await seen(member)).toEqual(['member@example.com', 'owner@example.com']);
    expect(await seen(other)).toEqual([null, 'owner@example.com']);
  });

  it('keeps nothing for a task only its owner sees', async () => {
    const id = await addTask(null, 'Call mum');
    await owner.callOk('renameTask', {
      params: { id },
      body: { ...body(owner, null), name: 'Call dad' },
    });
    expect((await activity(id)).entries).toEqual([]);
  });

  it('answers 404 for a task the caller cannot see, and for one moved out of their sight', async () => {
    const id = await addTask(shared, 'Prune');
    expect((await stranger.call('getTaskActivity', { params: { id } })).statusCode).toBe(404);
    await owner.callOk('moveTaskToProject', {
      params: { id },
      body: { ...body(owner, shared), toProjectId: null },
    });
    expect((await member.call('getTaskActivity', { params: { id } })).statusCode).toBe(404);
    expect((await activity(id)).entries.map((entry) => entry.kind)).toEqual(['moved', 'created']);
  });

  it('answers at most the newest entries', async () => {
    const id = await addTask(shared, 'Rake');
    for (let n = 0; n <= TASK_ACTIVITY_LIMIT; n += 1) {
      later();
      await member.callOk('renameTask', {
        params: { id },
        body: { ...body(member, shared), name: `Rake ${n}` },
      });
    }
    const { entries } = await activity(id);
    expect(entries).toHaveLength(TASK_ACTIVITY_LIMIT);
    expect(entries.every((entry) => entry.kind === 'renamed')).toBe(true);
    expect(entries[0]!.at).toBe(t.clock.now().toISOString());
  });

  it('is pruned by age, later than the change log', async () => {
    await addTask(shared, 'Mow');
    const kept = () => t.database.db.selectFrom('task_activity').select('kind').execute();
    const prune = () =>
      createMaintenance({ db: t.database.db, clock: t.clock }).pruneWriteHistory();
    t.clock.advance((TASK_ACTIVITY_RETENTION_DAYS - 1) * 24 * 60 * MINUTE);
    await prune();
    expect(await kept()).toEqual([{ kind: 'created' }]);
    t.clock.advance(2 * 24 * 60 * MINUTE);
    await prune();
    expect(await kept()).toEqual([]);
  });
});
