import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDaysTo, todayIn } from '@hustle/shared/days';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from './testing/api-client.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { testDialects } from './testing/test-databases.ts';

/**
 * Issue 29: day moves racing, beside the mixed rounds of races.test.ts — one task sent to many
 * days at once, moved back to today while it moves on, and a day's end met by reads and moves
 * together. On PostgreSQL the requests really run at once; on SQLite they interleave.
 */
describe.each(testDialects)('day moves racing (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let bea: ApiClient;
  let garden: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set('2026-11-27T10:00:00.000Z');
    ada = await apiClientFor(t.app, 'ada@example.com');
    bea = await apiClientFor(t.app, 'bea@example.com');
    garden = (
      await ada.callOk('createProject', { body: { workspaceId: ada.workspaceId, name: 'Garden' } })
    ).projectId;
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId: garden } });
    await bea.callOk('joinInvite', { params: { inviteToken: inviteLink.replace('/invite/', '') } });
  });
  afterEach(() => t.close());

  const today = () => todayIn(t.clock.now(), 'UTC');
  const add = async (who: ApiClient, name: string, projectId: string | null = null) =>
    (
      await who.callOk('createTask', {
        body: { workspaceId: who.workspaceId, projectId, name, planned: true },
      })
    ).id;
  const planFor = (who: ApiClient, id: string, day: string, projectId: string | null = null) =>
    who.call('planTaskForDay', {
      params: { id },
      body: { workspaceId: who.workspaceId, projectId, origin: 'workspace', day },
    });
  const read = async (who: ApiClient) => (await who.workspace()) as WorkspaceResponse;
  const taskIn = (ws: WorkspaceResponse, id: string): Task =>
    [...ws.tasks, ...ws.projects.flatMap((project) => project.tasks)].find(
      (task) => task.id === id,
    )!;
  /** The workspace's planned rows as stored, in list order. */
  const rowsOf = (who: ApiClient) =>
    t.database.db
      .selectFrom('planned_tasks')
      .select(['task_id', 'day', 'carried', 'position'])
      .where('workspace_id', '=', who.workspaceId)
      .orderBy('position')
      .execute();
  /** The distinct versions the change log holds for the workspace after `since`. */
  const loggedVersions = async (who: ApiClient, since: number) =>
    (
      await t.database.db
        .selectFrom('change_log')
        .select('version')
        .distinct()
        .where('workspace_id', '=', who.workspaceId)
        .where('version', '>', since)
        .orderBy('version')
        .execute()
    ).map((row) => Number(row.version));

  it('a task sent to five days at once ends on the day of the last move, in one place, one version per move', async () => {
    const task = await add(ada, 'Prune the roses', garden);
    const before = (await read(ada)).version;
    const days = [1, 2, 3, 4, 5].map((n) => addDaysTo(today(), n));
    const answers = await Promise.all(days.map((day) => planFor(ada, task, day, garden)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);

    // Every move changed the day, so each has a version of its own; the last one wins.
    const versions = answers.map((res) => res.json<{ version: number }>().version);
    expect(new Set(versions).size).toBe(5);
    const last = days[versions.indexOf(Math.max(...versions))]!;
    const ws = await read(ada);
    expect(ws.version).toBe(before + 5);
    expect(await loggedVersions(ada, before)).toEqual([...versions].sort((a, b) => a - b));
    expect(ws.plannedTasks.filter((id) => id === task)).toHaveLength(1);
    expect(taskIn(ws, task)).toMatchObject({ plannedFor: last, carriedOver: 0, state: 'PLANNED' });
    const rows = await rowsOf(ada);
    expect(rows.filter((row) => row.task_id === task)).toEqual([
      expect.objectContaining({ day: last }),
    ]);
    // Planning stays per workspace: Bea's list is untouched.
    expect(await rowsOf(bea)).toEqual([]);
  });

  it('moves back to today and on to other days race with a complete and an idle: one outcome, counts match', async () => {
    const tasks = [
      await add(ada, 'Rake the leaves', garden),
      await add(ada, 'Buy bulbs'),
      await add(ada, 'Call Anna'),
    ];
    await planFor(ada, tasks[0]!, addDaysTo(today(), 2), garden);
    await planFor(bea, tasks[0]!, addDaysTo(today(), 1), garden);
    const before = (await read(ada)).version;
    const answers = await Promise.all([
      planFor(ada, tasks[0]!, today(), garden),
      planFor(ada, tasks[0]!, addDaysTo(today(), 3), garden),
      planFor(bea, tasks[0]!, addDaysTo(today(), 4), garden),
      planFor(ada, tasks[1]!, addDaysTo(today(), 1)),
      ada.call('taskAction', {
        params: { id: tasks[1]!, action: 'complete' },
        body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
      }),
      planFor(ada, tasks[2]!, addDaysTo(today(), 6)),
      ada.call('taskAction', {
        params: { id: tasks[2]!, action: 'idle' },
        body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
      }),
    ]);
    // A plan that came after the complete is refused (409); nothing answers 5xx.
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);

    const ws = await read(ada);
    const rows = await rowsOf(ada);
    expect(ws.plannedTasks).toEqual(rows.map((row) => row.task_id));
    expect(new Set(ws.plannedTasks).size).toBe(ws.plannedTasks.length);
    for (const id of tasks) {
      const task = taskIn(ws, id);
      const row = rows.find((one) => one.task_id === id);
      // In exactly one place: on one day of the list, or off it; never both, never twice.
      expect(task.plannedFor, task.name).toBe(row?.day ?? null);
      if (task.completedAt === null) expect(task.state).toBe(row ? 'PLANNED' : 'IDLE');
    }
    expect([today(), addDaysTo(today(), 3)]).toContain(taskIn(ws, tasks[0]!).plannedFor);
    // Each day's count, as the day bar shows it, is what the rows hold.
    for (const day of new Set(rows.map((row) => row.day))) {
      const onDay = ws.plannedTasks.filter((id) => taskIn(ws, id).plannedFor === day);
      expect(onDay).toEqual(rows.filter((row) => row.day === day).map((row) => row.task_id));
    }
    // Bea's move is hers: her list holds the shared task on her day, Ada's moves did not touch it.
    const beas = await read(bea);
    expect(taskIn(beas, tasks[0]!).plannedFor).toBe(addDaysTo(today(), 4));
    // One version per command that changed Ada's workspace, each logged.
    const steps = await loggedVersions(ada, before);
    expect(steps).toEqual(Array.from({ length: ws.version - before }, (_, i) => before + i + 1));
  });

  it('a day ends while reads and moves race: each late task is carried once, in one version', async () => {
    const late = [await add(ada, 'Weed the beds', garden), await add(ada, 'Pay the bill')];
    const mover = await add(ada, 'Call the plumber');
    const beas = await add(bea, 'Fix the gate', garden);
    const before = (await read(ada)).version;
    t.clock.advance(24 * 60 * 60 * 1000);
    const target = addDaysTo(today(), 2);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () =>
        ada.call('getWorkspace', { params: { id: ada.workspaceId } }),
      ),
      ...Array.from({ length: 3 }, () =>
        bea.call('getWorkspace', { params: { id: bea.workspaceId } }),
      ),
      planFor(ada, mover, target),
      planFor(bea, beas, target, garden),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const ws = await read(ada);
    const rows = await rowsOf(ada);
    for (const id of late) {
      expect(rows.find((row) => row.task_id === id)).toMatchObject({ day: today(), carried: 1 });
      expect(taskIn(ws, id)).toMatchObject({ plannedFor: today(), carriedOver: 1 });
    }
    // The move came before or after the carry-over; either way it ends on its day, not carried.
    expect(taskIn(ws, mover)).toMatchObject({ plannedFor: target, carriedOver: 0 });
    expect(ws.plannedTasks).toEqual(rows.map((row) => row.task_id));
    // One carry-over and one move: two versions, each logged.
    expect(ws.version).toBe(before + 2);
    expect(await loggedVersions(ada, before)).toEqual([before + 1, before + 2]);
    const carried = await t.database.db
      .selectFrom('change_log')
      .select('version')
      .distinct()
      .where('workspace_id', '=', ada.workspaceId)
      .where('version', '>', before)
      .where('entity_id', 'in', late)
      .execute();
    expect(carried).toHaveLength(1);
    // Bea's list met the same day's end: her move of the shared task stands, not carried.
    expect(taskIn(await read(bea), beas)).toMatchObject({ plannedFor: target, carriedOver: 0 });
  });
});
