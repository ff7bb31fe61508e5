import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

type Trigger =
  | { frequency: 'MONTHLY'; dayOfMonth: number }
  | { frequency: 'WEEKLY'; weekdays: number[] }
  | { frequency: 'DAILY' };

/** Makes the database refuse to store a task with this name, so a firing fails. */
async function refuseTasksNamed(t: TestApp, name: string) {
  const { db } = t.database;
  if (t.database.dialect === 'sqlite') {
    await sql`create trigger refuse_task before insert on tasks when new.name = ${sql.lit(name)}
      begin select raise(abort, 'refused'); end`.execute(db);
  } else {
    await sql`create function refuse_task() returns trigger language plpgsql as $$
      begin if new.name = ${sql.lit(name)} then raise exception 'refused'; end if; return new; end $$`.execute(
      db,
    );
    await sql`create trigger refuse_task before insert on tasks
      for each row execute function refuse_task()`.execute(db);
  }
}

async function allowTasksAgain(t: TestApp) {
  const { db } = t.database;
  await sql`drop trigger refuse_task ${sql.raw(t.database.dialect === 'sqlite' ? '' : 'on tasks')}`.execute(
    db,
  );
}

describe.each(testDialects)('automations people tune (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect); // the clock starts on Sunday 2026-11-22 09:00 UTC
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const create = (trigger: Trigger, taskName = 'Stretch', name?: string) =>
    ada.call('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        ...(name === undefined ? {} : { name }),
        trigger,
        steps: [{ type: 'TASK', payload: { taskName } }],
      },
    });
  const createOk = async (trigger: Trigger, taskName?: string, name?: string) => {
    const res = await create(trigger, taskName, name);
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; name: string; status: string };
  };
  const statusOf = async (id: string) =>
    (await ada.callOk('listAutomationStatuses')).find((item) => item.id === id)!;
  const tasks = async () =>
    ((await ada.workspace()).automations as { name: string; automationId: string }[]).map(
      (task) => task.name,
    );
  const history = (id: string) => ada.callOk('getAutomationHistory', { params: { id } });
  /** A new day: a fresh session (sessions last a while, days pass in these tests). */
  const at = async (iso: string) => {
    t.clock.set(iso);
    ada = await apiClientFor(t.app, 'ada@example.com');
  };

  it('runs weekly on the chosen weekdays, once per run day, not made up when missed', async () => {
    const { id, name } = await createOk({ frequency: 'WEEKLY', weekdays: [3, 1] });
    expect(name).toBe('Weekly Automation Mon and Wed');
    expect((await ada.callOk('listAutomations'))[0]!.trigger).toEqual({
      frequency: 'WEEKLY',
      weekdays: [1, 3],
    });
    expect(await statusOf(id)).toMatchObject({ status: 'IDLE', period: '2026-11-23', task: null });
    expect(await tasks()).toEqual([]);

    await at('2026-11-23T00:00:00.000Z'); // Monday
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-11-23' });
    await at('2026-11-24T12:00:00.000Z'); // Tuesday: Monday's run is still the current one
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-11-23' });
    expect(await tasks()).toEqual(['Stretch']);
    await at('2026-11-25T08:00:00.000Z'); // Wednesday
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-11-25' });
    expect(await tasks()).toEqual(['Stretch', 'Stretch']);
    // Down from Thursday to the next Tuesday: Monday's run, still current, is made on return.
    await at('2026-12-01T10:00:00.000Z');
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-11-30' });
    expect(await tasks()).toHaveLength(3);
    expect((await history(id)).runs.map((run) => run.period)).toEqual([
      '2026-11-30',
      '2026-11-25',
      '2026-11-23',
    ]);
  });

  it('runs daily from today, one task a day whatever the number of reads', async () => {
    const { id, name } = await createOk({ frequency: 'DAILY' }, 'Inbox zero');
    expect(name).toBe('Daily Automation');
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-11-22' });
    await statusOf(id);
    expect(await tasks()).toEqual(['Inbox zero']);
    await at('2026-11-23T00:00:01.000Z');
    await Promise.all([statusOf(id), statusOf(id), statusOf(id)]);
    expect(await tasks()).toEqual(['Inbox zero', 'Inbox zero']);
  });

  it('refuses bad triggers with a 400 and stores nothing', async () => {
    const bad = [
      { frequency: 'WEEKLY', weekdays: [] },
      { frequency: 'WEEKLY', weekdays: [0] },
      { frequency: 'WEEKLY', weekdays: [8] },
      { frequency: 'WEEKLY', weekdays: [1, 1] },
      { frequency: 'WEEKLY', weekdays: [1.5] },
      { frequency: 'WEEKLY' },
      { frequency: 'DAILY', dayOfMonth: 3 },
      { frequency: 'HOURLY' },
    ];
    for (const trigger of bad) {
      const res = await create(trigger as Trigger);
      expect(res.statusCode, JSON.stringify(trigger)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await ada.callOk('listAutomations')).toEqual([]);
  });

  it('edits name, task name and trigger; a new trigger counts from today, a period runs once', async () => {
    const { id } = await createOk({ frequency: 'MONTHLY', dayOfMonth: 25 }, 'Pay rent', 'Rent');
    const edit = (body: object) => ada.call('updateAutomation', { params: { id }, body });

    const renamed = await edit({ name: 'Flat', taskName: 'Pay the rent' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Flat',
      steps: [{ payload: { taskName: 'Pay the rent' } }],
      trigger: { frequency: 'MONTHLY', dayOfMonth: 25 },
      status: 'ON',
    });
    expect(await tasks()).toEqual([]);

    // Today's day: it runs at once, with the new task name.
    await edit({ trigger: { frequency: 'MONTHLY', dayOfMonth: 22 } });
    expect(await tasks()).toEqual(['Pay the rent']);
    // November has run: moving the day again does not run it twice.
    await edit({ trigger: { frequency: 'MONTHLY', dayOfMonth: 28 } });
    await at('2026-11-28T10:00:00.000Z');
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-11' });
    expect(await tasks()).toEqual(['Pay the rent']);

    // An empty name brings back the default one for the trigger.
    const defaulted = await edit({ name: ' ', trigger: { frequency: 'WEEKLY', weekdays: [6, 7] } });
    expect(defaulted.json().name).toBe('Weekly Automation weekends');

    for (const body of [{}, { name: 'x'.repeat(101) }, { taskName: '  ' }, { day: 3 }]) {
      expect((await edit(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const foreign = await eve.call('updateAutomation', { params: { id }, body: { name: 'Mine' } });
    expect(foreign.statusCode).toBe(404);
    expect((await ada.callOk('listAutomations'))[0]!.name).toBe('Weekly Automation weekends');
  });

  it('pauses: no runs while paused; resumes from the next run date, a missed one not made up', async () => {
    const { id } = await createOk({ frequency: 'MONTHLY', dayOfMonth: 25 });
    const pause = () => ada.call('pauseAutomation', { params: { id } });
    const resume = () => ada.call('resumeAutomation', { params: { id } });

    expect((await pause()).json().status).toBe('PAUSED');
    expect((await pause()).json().status).toBe('PAUSED'); // twice is once
    expect((await ada.callOk('listAutomations'))[0]!.status).toBe('PAUSED');
    expect(await statusOf(id)).toMatchObject({ status: 'PAUSED' });
    expect((await history(id)).nextRun).toBeNull();

    await at('2026-11-25T10:00:00.000Z');
    expect(await statusOf(id)).toMatchObject({ status: 'PAUSED' });
    await at('2026-11-26T10:00:00.000Z');
    expect((await resume()).json().status).toBe('ON');
    expect((await resume()).json().status).toBe('ON');
    // The 25th passed while paused: November is not made up.
    expect(await statusOf(id)).toMatchObject({ status: 'IDLE', period: '2026-11' });
    expect((await history(id)).nextRun).toEqual({ period: '2026-12', date: '2026-12-25' });
    expect(await tasks()).toEqual([]);

    await at('2026-12-25T00:00:00.000Z');
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-12' });
    expect(await tasks()).toHaveLength(1);
  });

  it('resuming on the run day runs that day', async () => {
    const { id } = await createOk({ frequency: 'DAILY' });
    expect(await tasks()).toHaveLength(1);
    await ada.call('pauseAutomation', { params: { id } });
    await at('2026-11-23T09:00:00.000Z');
    expect(await tasks()).toHaveLength(1);
    await ada.call('resumeAutomation', { params: { id } });
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-11-23' });
    expect(await tasks()).toHaveLength(2);
  });

  it('skips the next run once, recorded as SKIPPED in the history, then runs again', async () => {
    const { id } = await createOk({ frequency: 'MONTHLY', dayOfMonth: 25 });
    const skip = (period: string) =>
      ada.call('skipAutomationRun', { params: { id }, body: { period } });
    expect((await history(id)).nextRun).toEqual({ period: '2026-11', date: '2026-11-25' });

    expect((await skip('2026-12')).statusCode).toBe(409); // not the next run
    const skipped = await skip('2026-11');
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().runs).toEqual([
      { period: '2026-11', status: 'SKIPPED', task: null, createdAt: '2026-11-22T09:00:00.000Z' },
    ]);
    expect(skipped.json().nextRun).toEqual({ period: '2026-12', date: '2026-12-25' });
    expect((await skip('2026-11')).json()).toEqual(skipped.json()); // twice is once
    expect(await statusOf(id)).toMatchObject({ status: 'SKIPPED', period: '2026-11' });

    await at('2026-11-25T10:00:00.000Z');
    expect(await statusOf(id)).toMatchObject({ status: 'SKIPPED' });
    expect(await tasks()).toEqual([]);
    await at('2026-12-25T10:00:00.000Z');
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-12' });
    expect((await history(id)).runs.map((run) => [run.period, run.status])).toEqual([
      ['2026-12', 'ACTIVE'],
      ['2026-11', 'SKIPPED'],
    ]);
  });

  it('undoes a skip while its run is still to come, then the run happens', async () => {
    const { id } = await createOk({ frequency: 'MONTHLY', dayOfMonth: 22 }, 'Rent');
    expect(await tasks()).toEqual(['Rent']); // November ran today
    const period = (await history(id)).nextRun!.period;
    expect(period).toBe('2026-12');
    await ada.callOk('skipAutomationRun', { params: { id }, body: { period } });
    const unskip = (p: string) =>
      ada.call('unskipAutomationRun', { params: { id }, body: { period: p } });
    const undone = await unskip(period);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().runs.map((run: { period: string }) => run.period)).toEqual(['2026-11']);
    expect(undone.json().nextRun).toEqual({ period: '2026-12', date: '2026-12-22' });
    expect((await unskip(period)).json()).toEqual(undone.json()); // twice is once

    // A skip of this month, undone on its day: the run happens at once.
    const daily = (await createOk({ frequency: 'DAILY' }, 'Walk')).id;
    await at('2026-11-23T00:00:00.000Z');
    // Nothing has read the statuses yet today, so today's run is not made: skip it, then undo.
    await ada.callOk('skipAutomationRun', {
      params: { id: daily },
      body: { period: '2026-11-23' },
    });
    expect(await tasks()).toEqual(['Rent', 'Walk']);
    await ada.callOk('unskipAutomationRun', {
      params: { id: daily },
      body: { period: '2026-11-23' },
    });
    expect(await tasks()).toEqual(['Rent', 'Walk', 'Walk']);
    expect((await history(daily)).runs[0]).toMatchObject({
      period: '2026-11-23',
      status: 'ACTIVE',
    });

    // A skip whose time has passed stays.
    await t.database.db
      .insertInto('automation_runs')
      .values({
        automation_id: id,
        period: '2026-10',
        task_id: null,
        status: 'SKIPPED',
        error: null,
        created_at: '2026-10-01T00:00:00.000Z',
      })
      .execute();
    expect((await unskip('2026-10')).statusCode).toBe(409);
  });

  it('skips the next weekly run; a run already made this period is not the one skipped', async () => {
    const { id } = await createOk({ frequency: 'WEEKLY', weekdays: [7, 2] }); // Sunday: runs now
    expect(await tasks()).toHaveLength(1);
    const { nextRun } = await history(id);
    expect(nextRun).toEqual({ period: '2026-11-24', date: '2026-11-24' });
    expect(
      (await ada.call('skipAutomationRun', { params: { id }, body: { period: '2026-11-22' } }))
        .statusCode,
    ).toBe(409);
    await ada.callOk('skipAutomationRun', { params: { id }, body: { period: '2026-11-24' } });
    await at('2026-11-24T10:00:00.000Z');
    expect(await statusOf(id)).toMatchObject({ status: 'SKIPPED', period: '2026-11-24' });
    await at('2026-11-29T10:00:00.000Z');
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE', period: '2026-11-29' });
    expect(await tasks()).toHaveLength(2);
  });

  it('retries an ERROR run: exactly one task, however many retries race', async () => {
    await refuseTasksNamed(t, 'Boom');
    const { id } = await createOk({ frequency: 'DAILY' }, 'Boom');
    expect(await statusOf(id)).toMatchObject({ status: 'ERROR', task: null });
    const retry = () =>
      ada.call('retryAutomationRun', { params: { id }, body: { period: '2026-11-22' } });
    // Still failing: it stays ERROR, and says so without a 5xx.
    const again = await retry();
    expect(again.statusCode).toBe(200);
    expect(again.json().runs[0]).toMatchObject({ period: '2026-11-22', status: 'ERROR' });

    await allowTasksAgain(t);
    const answers = await Promise.all([retry(), retry(), retry()]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await tasks()).toEqual(['Boom']);
    const { runs } = await history(id);
    expect(runs).toEqual([
      expect.objectContaining({
        period: '2026-11-22',
        status: 'ACTIVE',
        task: expect.objectContaining({ name: 'Boom', state: 'PLANNED' }),
      }),
    ]);
    expect(await statusOf(id)).toMatchObject({ status: 'ACTIVE' });

    expect(
      (await ada.call('retryAutomationRun', { params: { id }, body: { period: '2026-11-21' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ada.call('retryAutomationRun', { params: { id }, body: { period: '2026-02-30' } }))
        .statusCode,
    ).toBe(400);
  });

  it('the status row and history point at the task the run made, as it is now', async () => {
    const { id } = await createOk({ frequency: 'DAILY' }, 'Walk');
    const { task } = await statusOf(id);
    expect(task).toMatchObject({ name: 'Walk', state: 'PLANNED' });
    await ada.callOk('taskAction', {
      params: { id: task!.id, action: 'complete' },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'automation' },
    });
    expect((await statusOf(id)).task).toMatchObject({ id: task!.id, state: 'DONE' });
    await ada.callOk('deleteTask', {
      params: { id: task!.id },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'automation' },
    });
    expect(await statusOf(id)).toMatchObject({ status: 'DONE', task: null });
  });

  it('edits racing the scheduler never answer a 5xx and never make two tasks a day', async () => {
    const { id } = await createOk({ frequency: 'WEEKLY', weekdays: [1] });
    await at('2026-11-23T00:00:00.000Z');
    const answers = await Promise.all([
      ada.call('listAutomationStatuses'),
      ada.call('updateAutomation', { params: { id }, body: { trigger: { frequency: 'DAILY' } } }),
      ada.call('pauseAutomation', { params: { id } }),
      ada.call('listAutomationStatuses'),
      ada.call('resumeAutomation', { params: { id } }),
      ada.call('updateAutomation', { params: { id }, body: { taskName: 'Plank' } }),
      ada.call('listAutomationStatuses'),
    ]);
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
    await statusOf(id);
    const runs = (await history(id)).runs.filter((run) => run.period === '2026-11-23');
    expect(runs.length).toBeLessThanOrEqual(1);
    expect((await tasks()).length).toBe(runs.filter((run) => run.task).length);
  });

  it('keeps the Free plan limit, counting paused automations', async () => {
    await t.database.db
      .updateTable('subscriptions')
      .set({ plan: 'FREE', is_trial: 0 })
      .where('user_id', '=', ada.userId)
      .execute();
    const { id } = await createOk({ frequency: 'DAILY' });
    await createOk({ frequency: 'WEEKLY', weekdays: [1] });
    await ada.call('pauseAutomation', { params: { id } });
    const third = await create({ frequency: 'MONTHLY', dayOfMonth: 3 });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('AUTOMATION_LIMIT_REACHED');
  });

  it("keeps another user's automation out of reach of every new command", async () => {
    const { id } = await createOk({ frequency: 'MONTHLY', dayOfMonth: 25 });
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const body = { period: '2026-11' };
    for (const res of [
      await eve.call('pauseAutomation', { params: { id } }),
      await eve.call('resumeAutomation', { params: { id } }),
      await eve.call('getAutomationHistory', { params: { id } }),
      await eve.call('skipAutomationRun', { params: { id }, body }),
      await eve.call('retryAutomationRun', { params: { id }, body }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await history(id)).runs).toEqual([]);
    expect((await ada.callOk('listAutomations'))[0]!.status).toBe('ON');
  });

  it('carries weekly, paused and skipped through an export and an import', async () => {
    const { id } = await createOk({ frequency: 'WEEKLY', weekdays: [2, 4] }, 'Stretch', 'Yoga');
    const { nextRun } = await history(id);
    await ada.callOk('skipAutomationRun', { params: { id }, body: { period: nextRun!.period } });
    await ada.callOk('pauseAutomation', { params: { id } });
    const doc = await ada.callOk('exportData');
    const bea = await apiClientFor(t.app, 'bea@example.com');
    expect((await bea.call('importData', { body: doc })).statusCode).toBe(200);
    const [copy] = await bea.callOk('listAutomations');
    expect(copy).toMatchObject({
      name: 'Yoga',
      trigger: { frequency: 'WEEKLY', weekdays: [2, 4] },
      status: 'PAUSED',
    });
    expect((await bea.callOk('getAutomationHistory', { params: { id: copy!.id } })).runs).toEqual([
      expect.objectContaining({ period: '2026-11-24', status: 'SKIPPED' }),
    ]);
  });
});
