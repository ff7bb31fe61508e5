import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskDetails } from '@hustle/shared/task-details';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { stateSnapshotter } from '../../testing/state-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

const NOW = '2026-11-27T10:00:00.000Z';
const at = (minutesAgo: number) => new Date(Date.parse(NOW) - minutesAgo * 60_000).toISOString();

/** Issue 30 item 2 through the API: focus, its time entries, and the task's time. */
describe.each(testDialects)('focus and time entries (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set(NOW);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const add = async (name: string, projectId: string | null = null, client = ada) =>
    (
      await client.callOk('createTask', {
        body: { workspaceId: client.workspaceId, projectId, name, planned: true },
      })
    ).id;
  const start = (
    taskId: string,
    when: string,
    options: {
      entryId?: string;
      resume?: boolean;
      projectId?: string | null;
      client?: ApiClient;
    } = {},
  ) => {
    const client = options.client ?? ada;
    return client.call('startFocus', {
      body: {
        workspaceId: client.workspaceId,
        projectId: options.projectId ?? null,
        taskId,
        entryId: options.entryId ?? crypto.randomUUID(),
        at: when,
        resume: options.resume ?? false,
      },
    });
  };
  const end = (entryId: string, when: string, pause: boolean, client = ada) =>
    client.call('endFocus', {
      body: { workspaceId: client.workspaceId, entryId, at: when, pause },
    });
  const read = async (client = ada) => (await client.workspace()) as WorkspaceResponse;
  const taskIn = (ws: WorkspaceResponse, id: string): Task =>
    [...ws.tasks, ...ws.projects.flatMap((p) => p.tasks)].find((task) => task.id === id)!;
  const details = (id: string, client = ada) =>
    client.callOk('getTaskDetails', { params: { id } }) as Promise<TaskDetails>;

  it('runs one timer, pauses, resumes with its time carried, and records the time on the task', async () => {
    const task = await add('Write the report');
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await read()).focus).toBeNull();
    expect((await start(task, at(50), { entryId: first })).statusCode).toBe(200);
    expect((await read()).focus).toMatchObject({
      taskId: task,
      entryId: first,
      startedAt: at(50),
      pausedAt: null,
      carriedSeconds: 0,
      taskName: 'Write the report',
    });
    // The same start again (a retried request) changes nothing.
    const version = (await read()).version;
    expect((await start(task, at(49), { entryId: first })).statusCode).toBe(200);
    expect((await read()).version).toBe(version);

    expect((await end(first, at(30), true)).statusCode).toBe(200);
    let ws = await read();
    expect(ws.focus).toMatchObject({ startedAt: null, pausedAt: at(30), carriedSeconds: 1200 });
    expect(taskIn(ws, task).actualSeconds).toBe(1200);

    expect((await start(task, at(10), { entryId: second, resume: true })).statusCode).toBe(200);
    expect((await read()).focus).toMatchObject({
      entryId: second,
      startedAt: at(10),
      carriedSeconds: 1200,
    });
    expect((await end(second, NOW, false)).statusCode).toBe(200);
    ws = await read();
    expect(ws.focus).toBeNull();
    expect(taskIn(ws, task).actualSeconds).toBe(1800);
    const opened = await details(task);
    expect(opened.task.actualSeconds).toBe(1800);
    expect(opened.timeEntries).toEqual([
      { id: second, startedAt: at(10), endedAt: NOW, seconds: 600 },
      { id: first, startedAt: at(50), endedAt: at(30), seconds: 1200 },
    ]);
    // A stop of an entry already stopped (another device's) changes nothing.
    expect((await end(second, NOW, false)).statusCode).toBe(200);
    expect((await read()).version).toBe(ws.version);
  });

  it('starting another task stops the running one where the new one starts', async () => {
    const [a, b] = [await add('A'), await add('B')];
    const first = crypto.randomUUID();
    await start(a, at(30), { entryId: first });
    expect((await start(b, at(10))).statusCode).toBe(200);
    const ws = await read();
    expect(ws.focus).toMatchObject({ taskId: b, startedAt: at(10) });
    expect(taskIn(ws, a).actualSeconds).toBe(1200);
    // A start stamped before the running entry began cannot rewrite it: it begins where it ends.
    const c = await add('C');
    expect((await start(c, at(20))).statusCode).toBe(200);
    expect((await read()).focus).toMatchObject({ taskId: c, startedAt: at(10) });
    expect(taskIn(await read(), b).actualSeconds).toBe(0);
  });

  it('refuses times in the future, ends before starts and overlaps with a clear 400, changing nothing', async () => {
    const task = await add('Plan');
    const snapshot = await stateSnapshotter(t);
    const before = await snapshot();
    const future = new Date(Date.parse(NOW) + 5 * 60_000).toISOString();
    const ahead = await start(task, future);
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().error.message).toBe('A time entry cannot start or end in the future.');
    const notAnInstant = await start(task, '2026-11-27 10:00');
    expect(notAnInstant.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const entry = crypto.randomUUID();
    await start(task, at(20), { entryId: entry });
    const mid = await snapshot();
    const early = await end(entry, at(30), false);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('A time entry cannot end before it starts.');
    expect(await snapshot()).toEqual(mid);

    await end(entry, at(10), false);
    const recorded = await snapshot();
    const overlap = await start(task, at(15));
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().error.message).toBe(
      'This start falls inside a time entry already recorded.',
    );
    expect(await snapshot()).toEqual(recorded);
  });

  it('deletes an entry (undoable), not a running one, and never another user’s', async () => {
    const task = await add('Sand');
    const [entry, running] = [crypto.randomUUID(), crypto.randomUUID()];
    await start(task, at(60), { entryId: entry });
    await end(entry, at(30), false);
    await start(task, at(20), { entryId: running });
    const bea = await apiClientFor(t.app, 'bea@example.com');
    const theirs = await bea.call('deleteTimeEntry', {
      params: { id: entry },
      body: { workspaceId: bea.workspaceId },
    });
    expect(theirs.statusCode).toBe(404);
    const busy = await ada.call('deleteTimeEntry', {
      params: { id: running },
      body: { workspaceId: ada.workspaceId },
    });
    expect(busy.statusCode).toBe(409);

    const { undo } = await ada.callOk('deleteTimeEntry', {
      params: { id: entry },
      body: { workspaceId: ada.workspaceId },
    });
    expect(taskIn(await read(), task).actualSeconds).toBe(0);
    expect((await details(task)).timeEntries.map((each) => each.id)).toEqual([running]);
    await ada.callOk('undo', { params: { token: undo!.token } });
    expect(taskIn(await read(), task).actualSeconds).toBe(1800);
    expect((await details(task)).timeEntries.map((each) => each.id)).toEqual([running, entry]);
  });

  it('keeps the entries an open session carries until the timer stops', async () => {
    const task = await add('Plane the door');
    const [earlier, first, second] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
    ];
    // An earlier session on the same task, then one paused and resumed, now paused again.
    await start(task, at(90), { entryId: earlier });
    await end(earlier, at(80), false);
    await start(task, at(50), { entryId: first });
    await end(first, at(40), true);
    await start(task, at(30), { entryId: second, resume: true });
    await end(second, at(20), true);
    expect((await read()).focus).toMatchObject({ entryId: second, carriedSeconds: 1200 });
    const remove = (id: string) =>
      ada.call('deleteTimeEntry', { params: { id }, body: { workspaceId: ada.workspaceId } });
    const snapshot = await stateSnapshotter(t);
    const before = await snapshot();
    const carried = await remove(first);
    expect(carried.statusCode).toBe(409);
    expect(carried.json().error.message).toBe(
      'This entry is part of the focus session still open. Stop the timer first.',
    );
    expect(await snapshot()).toEqual(before);
    // An entry of an earlier session goes; the paused session still counts what it is made of.
    expect((await remove(earlier)).statusCode).toBe(200);
    expect((await read()).focus).toMatchObject({ entryId: second, carriedSeconds: 1200 });
    // Once stopped, the session's entries are plain records again.
    await end(second, at(10), false);
    expect((await remove(first)).statusCode).toBe(200);
    expect(taskIn(await read(), task).actualSeconds).toBe(600);
  });

  it('sums everyone’s time on a shared task; each sees their own entries and timer', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Home' },
    });
    const task = await add('Paint', projectId);
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    const bea = await apiClientFor(t.app, 'bea@example.com');
    await bea.callOk('joinInvite', { params: { inviteToken: inviteLink.replace('/invite/', '') } });
    const [mine, hers] = [crypto.randomUUID(), crypto.randomUUID()];
    await start(task, at(40), { entryId: mine, projectId });
    expect((await start(task, at(40), { entryId: hers, projectId, client: bea })).statusCode).toBe(
      200,
    );
    await end(mine, at(20), false);
    await end(hers, at(30), false, bea);
    expect(taskIn(await read(), task).actualSeconds).toBe(1800);
    expect(taskIn(await read(bea), task).actualSeconds).toBe(1800);
    expect((await details(task, bea)).timeEntries.map((each) => each.id)).toEqual([hers]);
    // Someone who does not see the task cannot time it.
    const cy = await apiClientFor(t.app, 'cy@example.com');
    expect((await start(task, at(5), { projectId, client: cy })).statusCode).toBe(404);
  });

  it('tells the user’s other devices through sync: started, paused, gone with its task', async () => {
    const task = await add('Read');
    const since = (await read()).version;
    const entry = crypto.randomUUID();
    await start(task, at(5), { entryId: entry });
    const sync = async (from: number) =>
      ada.callOk('getSync', { query: { since: String(from) } }) as Promise<{
        version: number;
        focus?: WorkspaceResponse['focus'];
      }>;
    const started = await sync(since);
    expect(started.focus).toMatchObject({ entryId: entry, startedAt: at(5) });
    await end(entry, NOW, true);
    const paused = await sync(started.version);
    expect(paused.focus).toMatchObject({ entryId: entry, pausedAt: NOW });
    await ada.callOk('deleteTask', {
      params: { id: task },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
    });
    expect((await sync(paused.version)).focus).toBeNull();
  });

  it('two devices starting at once leave one running timer and no server error', async () => {
    const tasks = await Promise.all(
      ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => add(name)),
    );
    const answers = await Promise.all(tasks.map((task) => start(task, NOW)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const running = await t.database.db
      .selectFrom('time_entries')
      .select('task_id')
      .where('workspace_id', '=', ada.workspaceId)
      .where('ended_at', 'is', null)
      .execute();
    expect(running).toHaveLength(1);
    expect((await read()).focus?.taskId).toBe(running[0]!.task_id);
  });
});
