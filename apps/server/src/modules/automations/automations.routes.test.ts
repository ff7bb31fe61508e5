import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';

describe.each(testDialects)('automations (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect); // the clock starts on Sunday 2026-11-22 09:00 UTC
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const create = (day: number, taskName = 'Pay rent', extra: { name?: string } = {}) =>
    ada.call('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        trigger: { frequency: 'MONTHLY', dayOfMonth: day },
        steps: [{ type: 'TASK', payload: { taskName } }],
        ...extra,
      },
    });
  const statuses = () => ada.callOk('listAutomationStatuses');
  const list = (client = ada) => client.callOk('listAutomations');
  const automationTasks = async () => (await ada.workspace()).automations;

  it('creates, lists and names automations, accepting both wire readings', async () => {
    const a = await create(5, 'Pay rent', { name: 'Rent' });
    expect(a.statusCode).toBe(200);
    // spec §7: the MONTHLY answer keeps its exact shape, field for field and in order.
    expect(Object.keys(a.json())).toEqual([
      'id',
      'name',
      'trigger',
      'steps',
      'status',
      'createdAt',
    ]);
    expect(a.body).toBe(
      JSON.stringify({
        id: a.json().id,
        name: 'Rent',
        trigger: { frequency: 'MONTHLY', dayOfMonth: 5 },
        steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
        status: 'ON',
        createdAt: '2026-11-22T09:00:00.000Z',
      }),
    );
    expect(a.json()).toMatchObject({
      name: 'Rent',
      trigger: { frequency: 'MONTHLY', dayOfMonth: 5 },
      steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      status: 'ON',
    });
    const b = await ada.callOk('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        day: 30,
        actions: [{ type: 'TASK', payload: { taskName: 'Invoice' } }],
      },
    });
    expect(b.name).toBe('Monthly Automation 30');
    expect((await list()).map((x) => x.name)).toEqual(['Rent', 'Monthly Automation 30']);
  });

  it('rejects bad input and stores nothing', async () => {
    for (const res of [
      await create(0),
      await create(32),
      await create(5, 'x'.repeat(101)),
      await create(5, 'Rent', { name: 'Rent\n' }),
      await create(5, '   '),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await list()).toEqual([]);
  });

  it('fires at once for today: one PLANNED task under the automation, status ACTIVE, then DONE', async () => {
    const { id } = (await create(22, 'Water plants')).json();
    const [task] = await automationTasks();
    expect(task).toMatchObject({
      name: 'Water plants',
      automationId: id,
      origin: 'automation',
      state: 'PLANNED',
    });
    expect((await ada.workspace()).plannedTasks).toEqual([task.id]);
    expect(await statuses()).toEqual([
      {
        id,
        name: 'Monthly Automation 22',
        status: 'ACTIVE',
        period: '2026-11',
        frequency: 'MONTHLY',
        task: { id: task.id, name: 'Water plants', state: 'PLANNED' },
      },
    ]);

    await ada.callOk('taskAction', {
      params: { id: task.id, action: 'complete' },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'automation' },
    });
    expect((await statuses())[0]!.status).toBe('DONE');
    expect(await automationTasks()).toHaveLength(1);
  });

  it('waits for a later day, fires at 00:00 of it once, and rolls over to the next month', async () => {
    const { id } = (await create(25)).json();
    expect(await automationTasks()).toEqual([]);
    expect((await statuses())[0]!.status).toBe('IDLE');

    t.clock.set('2026-11-24T23:59:59.000Z');
    expect((await callEndpoint(t.app, 'checkHealth', {})).statusCode).toBe(200);
    expect((await statuses())[0]!.status).toBe('IDLE');
    t.clock.set('2026-11-25T00:00:00.000Z');
    expect((await statuses())[0]!.status).toBe('ACTIVE');
    await statuses();
    expect(await automationTasks()).toHaveLength(1);

    t.clock.set('2026-12-25T08:00:00.000Z');
    ada = await apiClientFor(t.app, 'ada@example.com'); // a month later: a fresh session
    await statuses();
    const tasks = await automationTasks();
    expect(tasks).toHaveLength(2);
    expect(tasks.every((task: { automationId: string }) => task.automationId === id)).toBe(true);
    expect((await statuses())[0]!.period).toBe('2026-12');
  });

  it('does not fire for a day already past when it was made, and uses the last day of short months', async () => {
    await create(31);
    await create(10);
    expect(await automationTasks()).toEqual([]);
    expect((await statuses()).map((s: { status: string }) => s.status)).toEqual(['IDLE', 'IDLE']);
    t.clock.set('2026-11-30T12:00:00.000Z');
    await statuses();
    expect((await automationTasks()).map((x: { name: string }) => x.name)).toEqual(['Pay rent']);
    t.clock.set('2027-02-28T00:30:00.000Z');
    ada = await apiClientFor(t.app, 'ada@example.com');
    await statuses();
    expect(await automationTasks()).toHaveLength(3);
  });

  it('fires at midnight in the owner’s time zone', async () => {
    await t.database.db
      .updateTable('users')
      .set({ timezone: 'Europe/Warsaw' })
      .where('id', '=', ada.userId)
      .execute();
    await create(23);
    t.clock.set('2026-11-22T22:59:00.000Z');
    await statuses();
    expect(await automationTasks()).toHaveLength(0);
    t.clock.set('2026-11-22T23:00:00.000Z');
    await statuses();
    expect(await automationTasks()).toHaveLength(1);
  });

  it('deleting stops future runs and keeps the tasks already made', async () => {
    const { id } = (await create(22)).json();
    expect(await automationTasks()).toHaveLength(1);
    const remove = () => ada.call('deleteAutomation', { params: { id } });
    expect((await remove()).statusCode).toBe(200);
    expect(await list()).toEqual([]);
    t.clock.set('2026-12-22T10:00:00.000Z');
    ada = await apiClientFor(t.app, 'ada@example.com');
    await statuses();
    expect(await automationTasks()).toHaveLength(1);
    expect((await remove()).statusCode).toBe(404);
  });

  it("keeps another user's automations out of reach", async () => {
    const { id } = (await create(5)).json();
    const eve = await apiClientFor(t.app, 'eve@example.com');
    expect((await eve.call('deleteAutomation', { params: { id } })).statusCode).toBe(404);
    expect(await list(eve)).toEqual([]);
    expect(await eve.callOk('listAutomationStatuses')).toEqual([]);
    const planted = await eve.call('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        day: 5,
        actions: [{ type: 'TASK', payload: { taskName: 'x' } }],
      },
    });
    expect(planted.statusCode).toBe(404);
    expect(await list()).toHaveLength(1);
  });

  it('enforces the Free plan limit of 2', async () => {
    await t.database.db
      .updateTable('subscriptions')
      .set({ plan: 'FREE', is_trial: 0 })
      .where('user_id', '=', ada.userId)
      .execute();
    expect((await create(1)).statusCode).toBe(200);
    expect((await create(2)).statusCode).toBe(200);
    const third = await create(3);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({
      code: 'AUTOMATION_LIMIT_REACHED',
      message: expect.stringMatching(/2 automations/),
    });
    expect(await list()).toHaveLength(2);
  });
});
