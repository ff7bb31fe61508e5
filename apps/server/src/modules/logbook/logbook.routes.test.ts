import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGBOOK_PAGE_SIZE, type LogbookPage, type LogbookWeek } from '@hustle/shared/logbook';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { insertTasks } from '../../testing/seed-tasks.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Issue 30 item 4 (decision 078): the logbook's days, their totals, the week, and who sees what. */
describe.each(testDialects)('logbook (%s)', (dialect) => {
  let t: TestApp;
  let users = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  const person = async (name: string, timeZone = 'Europe/Warsaw') => {
    users += 1;
    const me = await apiClientFor(t.app, `${name}${users}@example.com`);
    await me.callOk('updateDaySettings', { body: { workspaceId: me.workspaceId, timeZone } });
    return me;
  };
  const about = (me: ApiClient, projectId: string | null) => ({
    workspaceId: me.workspaceId,
    projectId,
  });
  const newTask = async (me: ApiClient, name: string, projectId: string | null = null) =>
    (await me.callOk('createTask', { body: { ...about(me, projectId), name } })).id;
  /** Completes a task at `at`, the server's clock set there. */
  const completeAt = async (
    me: ApiClient,
    id: string,
    at: string,
    projectId: string | null = null,
  ) => {
    t.clock.set(at);
    await me.callOk('taskAction', {
      params: { id, action: 'complete' },
      body: { ...about(me, projectId), origin: 'workspace' },
    });
  };
  /** A focus session on a task from `from` to `to`, the clock just after it. */
  const focus = async (me: ApiClient, taskId: string, from: string, to: string) => {
    t.clock.set(to);
    const entryId = crypto.randomUUID();
    await me.callOk('startFocus', {
      body: { ...about(me, null), taskId, entryId, at: from, resume: false },
    });
    await me.callOk('endFocus', {
      body: { workspaceId: me.workspaceId, entryId, at: to, pause: false },
    });
  };
  const page = (me: ApiClient, before?: string) =>
    me.callOk('getLogbook', { query: before ? { before } : {} }) as Promise<LogbookPage>;
  const week = (me: ApiClient, day?: string) =>
    me.callOk('getLogbookWeek', { query: day ? { day } : {} }) as Promise<LogbookWeek>;

  it('lists completions by day in the user’s time zone, newest first, each day with its totals', async () => {
    const ada = await person('ada');
    const report = await newTask(ada, 'Write the report');
    const mail = await newTask(ada, 'Answer mail');
    const late = await newTask(ada, 'Late call');
    const open = await newTask(ada, 'Still open');
    await ada.callOk('setTaskEstimate', {
      params: { id: report },
      body: { ...about(ada, null), estimate: 60 },
    });
    await focus(ada, report, '2026-11-23T08:00:00.000Z', '2026-11-23T09:30:00.000Z');
    await completeAt(ada, report, '2026-11-23T09:31:00.000Z');
    await completeAt(ada, mail, '2026-11-23T12:00:00.000Z');
    // 23:30 UTC on the 23rd is 00:30 on the 24th in Warsaw.
    await completeAt(ada, late, '2026-11-23T23:30:00.000Z');

    const { days, next } = await page(ada);
    expect(next).toBeNull();
    expect(days.map((d) => [d.day, d.tasks.map((task) => task.name)])).toEqual([
      ['2026-11-24', ['Late call']],
      ['2026-11-23', ['Answer mail', 'Write the report']],
    ]);
    expect(days.flatMap((d) => d.tasks).map((task) => task.taskId)).not.toContain(open);
    expect(days[1]!.totals).toEqual({
      done: 2,
      focusedSeconds: 90 * 60,
      estimatedMinutes: 60,
      actualSeconds: 90 * 60,
      estimatedTasks: 1,
      isCapped: false,
    });
    expect(days[1]!.tasks[1]).toMatchObject({
      name: 'Write the report',
      completedAt: '2026-11-23T09:31:00.000Z',
      place: { kind: 'inbox', name: 'Inbox' },
      estimate: 60,
      actualSeconds: 90 * 60,
    });
    expect(days[0]!.totals.done).toBe(1);
  });

  it('keeps every completed task after Execute hides them, and drops one that is reverted', async () => {
    const ada = await person('ada');
    const ids = [await newTask(ada, 'One'), await newTask(ada, 'Two')];
    for (const id of ids) await completeAt(ada, id, '2026-11-24T10:00:00.000Z');
    await ada.callOk('hideCompletedTasks', { body: {} });
    expect((await ada.workspace()).plannedTasks).toEqual([]);
    const shown = async () => (await page(ada)).days.flatMap((d) => d.tasks.map((x) => x.name));
    expect((await shown()).sort()).toEqual(['One', 'Two']);

    await ada.callOk('taskAction', {
      params: { id: ids[0]!, action: 'revert' },
      body: { ...about(ada, null), origin: 'workspace' },
    });
    expect(await shown()).toEqual(['Two']);
  });

  it('pages back to the first completion, a day split over two pages keeping its whole totals', async () => {
    const ada = await person('ada', 'UTC');
    const count = LOGBOOK_PAGE_SIZE + 20;
    // Seeded 1 ms apart on 22 November; completed by the workspace.
    await insertTasks(t.database.db, ada.workspaceId, count, { completed: () => true });

    const first = await page(ada);
    expect(first.days).toHaveLength(1);
    expect(first.days[0]!.tasks).toHaveLength(LOGBOOK_PAGE_SIZE);
    expect(first.days[0]!.totals.done).toBe(count);
    expect(first.next).not.toBeNull();
    const second = await page(ada, first.next!);
    expect(second.next).toBeNull();
    expect(second.days[0]!.totals.done).toBe(count);
    const names = [...first.days, ...second.days].flatMap((d) => d.tasks.map((x) => x.name));
    // Every one once, newest first: the last made first.
    expect(names).toEqual(Array.from({ length: count }, (_, i) => `Task ${count - 1 - i}`));
  });

  it("shows each caller only their own completions: not another's, not a project they left", async () => {
    const ada = await person('ada');
    const bob = await person('bob');
    const eve = await person('eve');
    const garden = (
      await ada.callOk('createProject', { body: { workspaceId: ada.workspaceId, name: 'Garden' } })
    ).projectId;
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId: garden } });
    await bob.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace(/^.*\/invite\//, '') },
    });
    const adas = await newTask(ada, 'Prune the roses', garden);
    const bobs = await newTask(ada, 'Water the beds', garden);
    await completeAt(ada, adas, '2026-11-24T10:00:00.000Z', garden);
    await completeAt(bob, bobs, '2026-11-24T11:00:00.000Z', garden);

    const names = async (me: ApiClient) =>
      (await page(me)).days.flatMap((d) => d.tasks.map((x) => `${x.name} (${x.place.name})`));
    expect(await names(ada)).toEqual(['Prune the roses (Garden)']);
    expect(await names(bob)).toEqual(['Water the beds (Garden)']);
    expect(await names(eve)).toEqual([]);
    expect((await week(eve, '2026-11-24')).totals.done).toBe(0);

    await bob.callOk('leaveProject', {
      params: { projectId: garden },
      body: { workspaceId: bob.workspaceId },
    });
    expect(await page(bob)).toEqual({ days: [], next: null });
    expect((await week(bob, '2026-11-24')).totals.done).toBe(0);
  });

  it('sums a Monday-to-Sunday week: done, focused, accuracy, finished days', async () => {
    const ada = await person('ada');
    const a = await newTask(ada, 'A');
    const b = await newTask(ada, 'B');
    const c = await newTask(ada, 'C');
    for (const [id, minutes] of [
      [a, 60],
      [b, 30],
    ] as const) {
      await ada.callOk('setTaskEstimate', {
        params: { id },
        body: { ...about(ada, null), estimate: minutes },
      });
    }
    // Week of Monday 23 November (Warsaw): A 45 min against 60, B 45 min against 30.
    await focus(ada, a, '2026-11-23T08:00:00.000Z', '2026-11-23T08:45:00.000Z');
    await focus(ada, b, '2026-11-25T08:00:00.000Z', '2026-11-25T08:45:00.000Z');
    await completeAt(ada, a, '2026-11-23T09:00:00.000Z');
    await completeAt(ada, b, '2026-11-25T09:00:00.000Z');
    // Sunday 29th 23:30 Warsaw is still this week; Monday 30th 00:30 is the next.
    await completeAt(ada, c, '2026-11-29T23:30:00.000Z');
    await sql`insert into day_reviews (workspace_id, day, finished_at, note) values
      (${ada.workspaceId}, '2026-11-23', '2026-11-23T17:00:00.000Z', ''),
      (${ada.workspaceId}, '2026-11-25', '2026-11-25T17:00:00.000Z', 'Call Bob'),
      (${ada.workspaceId}, '2026-11-30', '2026-11-30T17:00:00.000Z', '')`.execute(t.database.db);

    const summary = await week(ada, '2026-11-26');
    expect(summary).toEqual({
      start: '2026-11-23',
      end: '2026-11-29',
      totals: {
        done: 2,
        focusedSeconds: 90 * 60,
        estimatedMinutes: 90,
        actualSeconds: 90 * 60,
        estimatedTasks: 2,
        isCapped: false,
      },
      accuracy: 1,
      finishedDays: ['2026-11-23', '2026-11-25'],
    });
    const nextWeek = await week(ada, '2026-11-30');
    expect(nextWeek).toMatchObject({ start: '2026-11-30', totals: { done: 1 }, accuracy: null });
    expect(nextWeek.finishedDays).toEqual(['2026-11-30']);
    // Without a day: the week of today (the clock's).
    t.clock.set('2026-11-26T12:00:00.000Z');
    expect((await week(ada)).start).toBe('2026-11-23');
  });

  it('refuses a bad cursor or day with a 400', async () => {
    const ada = await person('ada');
    for (const query of [
      { before: 'nonsense' },
      { before: `2026-11-24T10:00:00.000Z|not-an-id` },
      { before: `yesterday|${crypto.randomUUID()}` },
      { extra: '1' },
    ]) {
      const res = await ada.call('getLogbook', { query: query as never });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    for (const day of ['2026-02-30', 'monday', '1999-01-01']) {
      const res = await ada.call('getLogbookWeek', { query: { day } });
      expect(res.statusCode, day).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
