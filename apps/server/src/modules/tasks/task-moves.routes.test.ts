import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncResponse } from '@hustle/shared/sync';
import type { TaskDetails } from '@hustle/shared/task-details';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { stateSnapshotter, type StateSnapshot } from '../../testing/state-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Issue 31 items 4 and 5 through the API (decision 072), on both databases. */
describe.each(testDialects)('moving and ordering tasks (%s)', (dialect) => {
  let t: TestApp;
  let owner: ApiClient;
  let member: ApiClient;
  let stranger: ApiClient;
  let shared: string;
  let own: string;
  let snapshot: () => Promise<StateSnapshot>;

  const createProject = async (client: ApiClient, name: string) =>
    (await client.callOk('createProject', { body: { workspaceId: client.workspaceId, name } }))
      .projectId as string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    owner = await apiClientFor(t.app, 'owner@example.com');
    member = await apiClientFor(t.app, 'member@example.com');
    stranger = await apiClientFor(t.app, 'stranger@example.com');
    shared = await createProject(owner, 'Garden');
    own = await createProject(owner, 'Kitchen');
    const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId: shared } });
    await member.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace('/invite/', '') },
    });
    snapshot = await stateSnapshotter(t);
  });
  afterEach(() => t.close());

  const addTask = async (projectId: string | null, name: string, client = owner) =>
    (
      await client.callOk('createTask', {
        body: { workspaceId: client.workspaceId, projectId, name, planned: true },
      })
    ).id as string;
  const plan = (client: ApiClient, id: string, projectId: string | null) =>
    client.callOk('taskAction', {
      params: { id, action: 'plan' },
      body: { workspaceId: client.workspaceId, projectId, origin: 'workspace' },
    });
  const move = (id: string, projectId: string | null, toProjectId: string | null, client = owner) =>
    client.call('moveTaskToProject', {
      params: { id },
      body: { workspaceId: client.workspaceId, projectId, toProjectId },
    });
  const reorder = (id: string, projectId: string, afterTaskId: string | null, client = owner) =>
    client.call('reorderProjectTask', {
      params: { id },
      body: { workspaceId: client.workspaceId, projectId, afterTaskId },
    });
  const ws = async (client: ApiClient) => (await client.workspace()) as WorkspaceResponse;
  const namesIn = async (projectId: string, client = owner) =>
    (await ws(client)).projects.find((p) => p.id === projectId)?.tasks.map((task) => task.name);
  const plannedIn = (workspaceId: string) =>
    t.database.db
      .selectFrom('planned_tasks')
      .select('task_id')
      .where('workspace_id', '=', workspaceId)
      .execute()
      .then((rows) => rows.map((row) => row.task_id));

  it('moves a shared task to the inbox: gone for the member, planned copy with it, live', async () => {
    const id = await addTask(shared, 'Water the roses');
    await plan(member, id, shared);
    const since = (await member.callOk('getWorkspaceVersion')).version;
    expect((await move(id, shared, null)).statusCode).toBe(200);

    expect(await plannedIn(member.workspaceId)).not.toContain(id);
    expect(await plannedIn(owner.workspaceId)).toContain(id);
    expect(await namesIn(shared, member)).toEqual([]);
    expect((await ws(owner)).tasks.map((task) => task.name)).toEqual(['Water the roses']);
    const sync = (await member.callOk('getSync', {
      query: { since: String(since) },
    })) as SyncResponse;
    if (sync.kind !== 'changes') throw new Error(`expected changes, got ${sync.reason}`);
    expect(sync.removed.tasks).toContain(id);
    expect(sync.plannedTasks).not.toContain(id);
    // The member no longer sees it at all.
    expect((await member.call('getTaskDetails', { params: { id } })).statusCode).toBe(404);
  });

  it('moves into a shared project: the member sees it, last, with notes, checklist and deadline', async () => {
    await addTask(shared, 'First');
    const id = await addTask(null, 'Prune');
    const inbox = { workspaceId: owner.workspaceId, projectId: null };
    await owner.callOk('setTaskNotes', {
      params: { id },
      body: { ...inbox, notes: 'Use *gloves*' },
    });
    await owner.callOk('addChecklistItem', {
      params: { id },
      body: { ...inbox, itemId: crypto.randomUUID(), name: 'Shears' },
    });
    await owner.callOk('setTaskDeadline', { params: { id }, body: { ...inbox, deadline: null } });
    const plannedFor = (await ws(owner)).tasks.find((task) => task.id === id)?.plannedFor;

    expect((await move(id, null, shared)).statusCode).toBe(200);
    expect(await namesIn(shared, member)).toEqual(['First', 'Prune']);
    const details = (await member.callOk('getTaskDetails', { params: { id } })) as TaskDetails;
    expect(details.notes).toBe('Use *gloves*');
    expect(details.checklist.map((item) => item.name)).toEqual(['Shears']);
    // The owner's planned copy stays, on its day; the member has none until they plan it.
    const mine = (await ws(owner)).projects.find((p) => p.id === shared)!.tasks.at(-1)!;
    expect([mine.state, mine.plannedFor]).toEqual(['PLANNED', plannedFor]);
    expect(await plannedIn(member.workspaceId)).not.toContain(id);
  });

  it('refuses archived projects at either end, and changes nothing', async () => {
    const id = await addTask(own, 'Sweep');
    const other = await addTask(shared, 'Rake');
    await owner.callOk('archiveProject', {
      params: { id: own },
      body: { workspaceId: owner.workspaceId },
    });
    const before = await snapshot();
    const from = await move(id, own, null);
    expect([from.statusCode, from.json().error.code]).toEqual([409, 'PROJECT_ARCHIVED']);
    const into = await move(other, shared, own);
    expect([into.statusCode, into.json().error.code]).toEqual([409, 'PROJECT_ARCHIVED']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a target or task the caller cannot see, and changes nothing', async () => {
    const id = await addTask(shared, 'Mow');
    const theirs = await createProject(stranger, 'Secret');
    const before = await snapshot();
    expect((await move(id, shared, theirs, member)).statusCode).toBe(404);
    expect((await move(id, shared, own, member)).statusCode).toBe(404);
    expect((await move(id, shared, null, stranger)).statusCode).toBe(404);
    expect((await move(id, own, null)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('changes nothing moving a task to where it is', async () => {
    const id = await addTask(shared, 'Mow');
    const before = await snapshot();
    const res = await move(id, shared, shared);
    expect([res.statusCode, res.json().undo]).toEqual([200, null]);
    expect(await snapshot()).toEqual(before);
  });

  it('undoes a move: back in place, and the member’s planned copy returns', async () => {
    const ids = [
      await addTask(shared, 'A'),
      await addTask(shared, 'B'),
      await addTask(shared, 'C'),
    ];
    await plan(member, ids[1]!, shared);
    const moved = await move(ids[1]!, shared, own);
    expect(await namesIn(shared)).toEqual(['A', 'C']);
    const { token } = moved.json().undo;
    expect((await owner.call('undo', { params: { token } })).statusCode).toBe(200);
    expect(await namesIn(shared)).toEqual(['A', 'B', 'C']);
    expect(await namesIn(own)).toEqual([]);
    expect(await plannedIn(member.workspaceId)).toContain(ids[1]);
    // Once is enough: again changes nothing.
    expect((await owner.call('undo', { params: { token } })).statusCode).toBe(200);
    expect(await namesIn(shared)).toEqual(['A', 'B', 'C']);
  });

  it('refuses the undo when the project it came from was archived since', async () => {
    const id = await addTask(own, 'Sweep');
    const { token } = (await move(id, own, null)).json().undo;
    await owner.callOk('archiveProject', {
      params: { id: own },
      body: { workspaceId: owner.workspaceId },
    });
    const res = await owner.call('undo', { params: { token } });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'UNDO_UNAVAILABLE']);
  });

  it('orders a project’s tasks for every member with one row written per move', async () => {
    const [a, b, c] = [
      await addTask(shared, 'A'),
      await addTask(shared, 'B'),
      await addTask(shared, 'C'),
    ];
    expect((await reorder(c!, shared, null, member)).statusCode).toBe(200);
    expect(await namesIn(shared)).toEqual(['C', 'A', 'B']);
    expect((await reorder(c!, shared, a!)).statusCode).toBe(200);
    expect(await namesIn(shared, member)).toEqual(['A', 'C', 'B']);
    // Already there: nothing changes, not even the version.
    const version = (await owner.callOk('getWorkspaceVersion')).version;
    expect((await reorder(c!, shared, a!)).statusCode).toBe(200);
    expect((await owner.callOk('getWorkspaceVersion')).version).toBe(version);
    expect((await reorder(b!, shared, b!)).statusCode).toBe(400);
  });

  it('refuses ordering across projects, in archived ones, or by strangers, and changes nothing', async () => {
    const a = await addTask(shared, 'A');
    const k = await addTask(own, 'K');
    const before = await snapshot();
    expect((await reorder(a, shared, k)).statusCode).toBe(404);
    expect((await reorder(a, own, null)).statusCode).toBe(404);
    expect((await reorder(a, shared, null, stranger)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    await owner.callOk('archiveProject', {
      params: { id: own },
      body: { workspaceId: owner.workspaceId },
    });
    const res = await reorder(k, own, null);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'PROJECT_ARCHIVED']);
  });

  /** No planned row of a task its workspace cannot see, or of an archived project's task. */
  const strayPlannedRows = async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from planned_tasks p join tasks t on t.id = p.task_id
      left join projects pr on pr.id = t.project_id
      where pr.archived_at is not null
         or not (t.workspace_id = p.workspace_id or t.project_id in (
           select project_id from workspace_projects w where w.workspace_id = p.workspace_id))
    `.execute(t.database.db);
    return Number(rows[0]?.n);
  };

  it('settles two moves of one task at once: one home, no stray planned copy', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await addTask(shared, `Raced ${round}`);
      await plan(member, id, shared);
      const answers = await Promise.all([
        move(id, shared, null, member),
        move(id, shared, own, owner),
      ]);
      for (const res of answers) expect([200, 404]).toContain(res.statusCode);
      const homes = await t.database.db
        .selectFrom('tasks')
        .select(['project_id', 'workspace_id'])
        .where('id', '=', id)
        .execute();
      expect(homes).toHaveLength(1);
      expect(await strayPlannedRows()).toBe(0);
    }
  });

  it('settles a move racing a delete or an archive without a 5xx or a stray row', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await addTask(shared, `Doomed ${round}`);
      await plan(member, id, shared);
      const answers = await Promise.all([
        move(id, shared, null, member),
        owner.call('deleteTask', {
          params: { id },
          body: { workspaceId: owner.workspaceId, projectId: shared, origin: 'workspace' },
        }),
      ]);
      for (const res of answers) expect(res.statusCode).toBeLessThan(500);
      expect(await strayPlannedRows()).toBe(0);
    }
    const target = await createProject(owner, 'Shed');
    const id = await addTask(null, 'Oil the hinges');
    const answers = await Promise.all([
      move(id, null, target),
      owner.call('archiveProject', {
        params: { id: target },
        body: { workspaceId: owner.workspaceId },
      }),
    ]);
    for (const res of answers) expect(res.statusCode).toBeLessThan(500);
    if (answers[0]!.statusCode !== 200)
      expect(answers[0]!.json().error.code).toBe('PROJECT_ARCHIVED');
    expect(await strayPlannedRows()).toBe(0);
  });
});
