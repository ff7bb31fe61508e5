import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { insertTasks } from '../../testing/seed-tasks.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Issue 29 through the API: planned days, deadlines, day settings and carry-over on read. */
describe.each(testDialects)('days (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set('2026-11-27T10:00:00.000Z');
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const inbox = { projectId: null, origin: 'workspace' } as const;
  const add = async (name: string, planned = true, projectId: string | null = null) =>
    (
      await ada.callOk('createTask', {
        body: { workspaceId: ada.workspaceId, projectId, name, planned },
      })
    ).id;
  const planFor = (id: string, day: string, projectId: string | null = null) =>
    ada.call('planTaskForDay', {
      params: { id },
      body: { workspaceId: ada.workspaceId, ...inbox, projectId, day },
    });
  const settings = (body: object) =>
    ada.callOk('updateDaySettings', { body: { workspaceId: ada.workspaceId, ...body } });
  const read = async () => (await ada.workspace()) as WorkspaceResponse;
  const taskIn = (ws: WorkspaceResponse, id: string): Task =>
    [...ws.tasks, ...ws.automations, ...ws.projects.flatMap((p) => p.tasks)].find(
      (task) => task.id === id,
    )!;
  const daysOf = (ws: WorkspaceResponse) =>
    ws.plannedTasks.map((id) => {
      const task = taskIn(ws, id);
      return [task.name, task.plannedFor, task.carriedOver];
    });

  it('plans without a day for today, and for a chosen day at that day’s end', async () => {
    const a = await add('A');
    await add('B');
    const c = await add('C', false);
    expect((await planFor(a, '2026-11-28')).statusCode).toBe(200);
    expect((await planFor(c, '2026-11-28')).statusCode).toBe(200);
    const ws = await read();
    expect(ws.days).toEqual({
      timeZone: 'UTC',
      carryOverTo: 'top',
      backToInboxAfter: null,
      capacity: [360, 360, 360, 360, 360, 360, 360],
      planNudgeAt: null,
      finishNudgeAt: null,
    });
    expect(daysOf(ws)).toEqual([
      ['B', '2026-11-27', 0],
      ['A', '2026-11-28', 0],
      ['C', '2026-11-28', 0],
    ]);
    expect(taskIn(ws, c).state).toBe('PLANNED');
    // The same day again changes nothing, not even the version.
    const version = ws.version;
    expect((await planFor(a, '2026-11-28')).statusCode).toBe(200);
    expect((await read()).version).toBe(version);
  });

  it('plans for today a day already over', async () => {
    const a = await add('A', false);
    expect((await planFor(a, '2026-11-01')).statusCode).toBe(200);
    expect(daysOf(await read())).toEqual([['A', '2026-11-27', 0]]);
  });

  it('refuses impossible dates, dates beyond five years and unknown time zones; changes nothing', async () => {
    const a = await add('A');
    const before = await read();
    const refusals = [
      await planFor(a, '2026-02-30'),
      await planFor(a, '2031-11-28'),
      await planFor(a, '2021-11-26'),
      await planFor(a, 'tomorrow'),
      await ada.call('setTaskDeadline', {
        params: { id: a },
        body: { workspaceId: ada.workspaceId, projectId: null, deadline: '2032-01-01' },
      }),
      await ada.call('setTaskDeadline', {
        params: { id: a },
        body: { workspaceId: ada.workspaceId, projectId: null, deadline: '2027-02-29' },
      }),
      await ada.call('updateDaySettings', {
        body: { workspaceId: ada.workspaceId, timeZone: 'Mars/Olympus' },
      }),
      await ada.call('updateDaySettings', {
        body: { workspaceId: ada.workspaceId, backToInboxAfter: 0 },
      }),
    ];
    expect(refusals.map((res) => res.statusCode)).toEqual(Array(8).fill(400));
    expect(refusals[0]!.json().error.message).toMatch(/real day/);
    expect(refusals[1]!.json().error.message).toMatch(/within 5 years of today \(2026-11-27\)/);
    expect(refusals[6]!.json().error.message).toMatch(/Unknown time zone/);
    expect(await read()).toEqual(before);
  });

  it('refuses to plan a completed task, and answers 404 for another user’s task', async () => {
    const a = await add('A');
    await ada.callOk('taskAction', {
      params: { id: a, action: 'complete' },
      body: { workspaceId: ada.workspaceId, ...inbox },
    });
    expect((await planFor(a, '2026-11-30')).statusCode).toBe(409);
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const b = await add('B');
    const foreign = await eve.call('planTaskForDay', {
      params: { id: b },
      body: { workspaceId: eve.workspaceId, ...inbox, day: '2026-11-30' },
    });
    const deadline = await eve.call('setTaskDeadline', {
      params: { id: b },
      body: { workspaceId: eve.workspaceId, projectId: null, deadline: '2026-11-30' },
    });
    expect([foreign.statusCode, deadline.statusCode]).toEqual([404, 404]);
  });

  it('gives a task a deadline that every member of its project sees, and clears it', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Home' },
    });
    const task = await add('Paint', false, projectId);
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    const bea = await apiClientFor(t.app, 'bea@example.com');
    await bea.callOk('joinInvite', { params: { inviteToken: inviteLink.replace('/invite/', '') } });
    await bea.callOk('setTaskDeadline', {
      params: { id: task },
      body: { workspaceId: bea.workspaceId, projectId, deadline: '2026-12-24' },
    });
    expect(taskIn(await read(), task).deadline).toBe('2026-12-24');
    await ada.callOk('setTaskDeadline', {
      params: { id: task },
      body: { workspaceId: ada.workspaceId, projectId, deadline: null },
    });
    expect(taskIn((await bea.workspace()) as WorkspaceResponse, task).deadline).toBeNull();
  });

  it('carries open tasks over at midnight where the user is, counting the days, once', async () => {
    await settings({ timeZone: 'Europe/Warsaw' });
    await add('A');
    await add('B');
    const late = await add('Late', false);
    await planFor(late, '2026-11-27');
    const done = await add('Done');
    await ada.callOk('taskAction', {
      params: { id: done, action: 'complete' },
      body: { workspaceId: ada.workspaceId, ...inbox },
    });
    const tomorrow = await add('Tomorrow', false);
    await planFor(tomorrow, '2026-11-28');

    // 23:59 in Warsaw: still the 27th there, nothing moves.
    t.clock.set('2026-11-27T22:59:00.000Z');
    const before = await read();
    expect(daysOf(before).map(([, day]) => day)).toEqual([
      '2026-11-27',
      '2026-11-27',
      '2026-11-27',
      '2026-11-27',
      '2026-11-28',
    ]);
    // A minute past midnight there (still the 27th in UTC): the open tasks of the 27th move
    // to the top of the 28th, in their order; the completed one keeps its day.
    t.clock.set('2026-11-27T23:01:00.000Z');
    const after = await read();
    expect(daysOf(after)).toEqual([
      ['A', '2026-11-28', 1],
      ['B', '2026-11-28', 1],
      ['Late', '2026-11-28', 1],
      ['Done', '2026-11-27', 0],
      ['Tomorrow', '2026-11-28', 0],
    ]);
    expect(after.version).toBe(before.version + 1);
    expect((await read()).version).toBe(after.version);
    // Three days without a look: the count says three more day ends.
    t.clock.set('2026-12-01T09:00:00.000Z');
    expect(daysOf(await read()).slice(0, 2)).toEqual([
      ['A', '2026-12-01', 4],
      ['B', '2026-12-01', 4],
    ]);
  });

  it('carries hundreds of late tasks in one statement per 500, keeping their order', async () => {
    const statements: string[] = [];
    const big = await createTestApp(dialect, { onQuery: (text) => statements.push(text) });
    try {
      const bo = await apiClientFor(big.app, 'bo@example.com');
      // Planned for the seed's day, 2026-11-22, in the order made (620 requests took 7–21 s).
      const seeded = await insertTasks(big.database.db, bo.workspaceId, 620, {
        planned: () => true,
      });
      const ids = seeded.map((task) => task.id);
      big.clock.set('2026-11-30T10:00:00.000Z');
      statements.length = 0;
      await bo.workspace();
      const writes = statements.filter((text) =>
        /^\s*(update|delete)\b.*planned_tasks/is.test(text),
      );
      expect(writes).toHaveLength(2);
      const rows = await big.database.db
        .selectFrom('planned_tasks')
        .select(['task_id', 'day', 'carried'])
        .orderBy('position')
        .execute();
      expect(rows.map((row) => row.task_id)).toEqual(ids);
      expect(new Set(rows.map((row) => `${row.day} ${Number(row.carried)}`))).toEqual(
        new Set(['2026-11-30 8']),
      );
    } finally {
      await big.close();
    }
  });

  it('carries to the bottom when set so, and sends a task back after N carry-overs', async () => {
    await settings({ carryOverTo: 'bottom', backToInboxAfter: 2 });
    const a = await add('A');
    await add('B', false);
    const tomorrow = await add('Tomorrow', false);
    await planFor(tomorrow, '2026-11-28');
    t.clock.set('2026-11-28T08:00:00.000Z');
    const today = await add('Today');
    expect(daysOf(await read())).toEqual([
      ['Tomorrow', '2026-11-28', 0],
      ['Today', '2026-11-28', 0],
      ['A', '2026-11-28', 1],
    ]);
    t.clock.set('2026-11-29T08:00:00.000Z');
    const ws = await read();
    expect(ws.plannedTasks).toEqual([tomorrow, today]);
    expect(taskIn(ws, a)).toMatchObject({ state: 'IDLE', plannedFor: null, carriedOver: 0 });
    expect(ws.plannedCounts.open).toBe(2);
  });

  it('carries across a change to winter time, and follows a change of time zone', async () => {
    t.clock.set('2026-10-24T10:00:00.000Z');
    await settings({ timeZone: 'Europe/Warsaw' });
    const a = await add('A', false);
    await planFor(a, '2026-10-25');
    // The 25th has 25 hours in Warsaw: at 23:30 local (22:30 UTC) it is still the 25th.
    t.clock.set('2026-10-25T22:30:00.000Z');
    expect(daysOf(await read())).toEqual([['A', '2026-10-25', 0]]);
    t.clock.set('2026-10-25T23:00:00.000Z');
    expect(daysOf(await read())).toEqual([['A', '2026-10-26', 1]]);
    // Flying west to Honolulu (still the 25th there): nothing moves back.
    await settings({ timeZone: 'Pacific/Honolulu' });
    expect(daysOf(await read())).toEqual([['A', '2026-10-26', 1]]);
    // And east to Tokyo, where the 27th has begun: carried at once.
    t.clock.set('2026-10-26T16:00:00.000Z');
    await settings({ timeZone: 'Asia/Tokyo' });
    expect(daysOf(await read())).toEqual([['A', '2026-10-27', 2]]);
  });

  it('brings carried tasks to a device through sync and the next page', async () => {
    const a = await add('A');
    const { version } = await read();
    t.clock.set('2026-11-28T08:00:00.000Z');
    const sync = await ada.callOk('getSync', { query: { since: String(version) } });
    expect(sync.kind).toBe('changes');
    if (sync.kind !== 'changes') return;
    expect(sync.plannedTasks).toEqual([a]);
    expect(sync.tasks.map((task) => [task.id, task.plannedFor, task.carriedOver])).toEqual([
      [a, '2026-11-28', 1],
    ]);
  });

  it('sends a move to another day to the mover’s other devices through sync; a member keeps their own day', async () => {
    const { projectId: garden } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Garden' },
    });
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId: garden } });
    const bea = await apiClientFor(t.app, 'bea@example.com');
    await bea.callOk('joinInvite', { params: { inviteToken: inviteLink.replace('/invite/', '') } });
    const roses = await add('Prune the roses', true, garden);
    await bea.callOk('planTaskForDay', {
      params: { id: roses },
      body: {
        workspaceId: bea.workspaceId,
        projectId: garden,
        origin: 'workspace',
        day: '2026-11-29',
      },
    });
    const { version } = await read();
    const beas = ((await bea.workspace()) as WorkspaceResponse).version;

    expect((await planFor(roses, '2026-11-30', garden)).statusCode).toBe(200);
    const sync = await ada.callOk('getSync', { query: { since: String(version) } });
    expect(sync.kind).toBe('changes');
    if (sync.kind !== 'changes') return;
    expect(sync.version).toBe(version + 1);
    const moved = sync.projects.flatMap((project) => project.tasks);
    expect(moved.map((task) => [task.id, task.plannedFor, task.carriedOver])).toEqual([
      [roses, '2026-11-30', 0],
    ]);
    expect(sync.plannedTasks).toEqual([roses]);
    // Planning is per workspace: Bea's list, day and version are as they were.
    const hers = (await bea.workspace()) as WorkspaceResponse;
    expect(hers.version).toBe(beas);
    expect(taskIn(hers, roses).plannedFor).toBe('2026-11-29');
  });
});
