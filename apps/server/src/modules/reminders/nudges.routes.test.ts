import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '../../testing/push-service-stand-in.ts';
import { stateSnapshotter } from '../../testing/state-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { anotherReminderScheduler } from '../../testing/reminder-scheduler.ts';

// Auckland is 13 hours ahead of UTC in November: its 07:30 on the 28th is 18:30 UTC on the 27th.
const ZONE = 'Pacific/Auckland';
const SET_AT = '2026-11-27T10:00:00.000Z';
const PLAN_DUE = '2026-11-27T18:30:00.000Z';
const at = (minutesAfterPlanDue: number) =>
  new Date(Date.parse(PLAN_DUE) + minutesAfterPlanDue * 60_000).toISOString();

/** Issue 30 item 5, decision 084: the daily nudges, set in the day settings, fired once a day. */
describe.each(testDialects)('daily nudges (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let pushService: PushServiceStandIn;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set(SET_AT);
    ada = await apiClientFor(t.app, 'ada@example.com');
    pushService = await startPushServiceStandIn();
  });
  afterEach(async () => {
    await pushService.close();
    await t.close();
  });

  /** Another process's scheduler on the same database. */
  const scheduler = () => anotherReminderScheduler(t);
  const settings = (change: Record<string, unknown>, client = ada) =>
    client.put('/api/v1/workspace/day-settings', { workspaceId: client.workspaceId, ...change });
  const nudgeAt = async (change: Record<string, unknown>, client = ada) =>
    expect((await settings({ timeZone: ZONE, ...change }, client)).statusCode).toBe(200);
  const subscribe = async (browser: string, client = ada) =>
    client.callOk('subscribePush', { body: pushService.subscribe(browser) });
  const nudgeMails = () =>
    t.mailer.sent.filter((mail) => ['Plan your day', 'Finish the day'].includes(mail.subject));
  const firings = () =>
    t.database.db
      .selectFrom('reminder_firings')
      .select(['kind', 'subject_id', 'due_at', 'outcome'])
      .where('kind', '!=', 'task')
      .orderBy('due_at')
      .execute();
  const add = (name: string) =>
    ada.callOk('createTask', {
      body: { workspaceId: ada.workspaceId, projectId: null, name, planned: true },
    });

  it('keeps the nudge times in the day settings, and null turns one off', async () => {
    await nudgeAt({ planNudgeAt: '07:30', finishNudgeAt: '21:45' });
    const days = ((await ada.workspace()) as WorkspaceResponse).days;
    expect(days).toMatchObject({ planNudgeAt: '07:30', finishNudgeAt: '21:45', timeZone: ZONE });
    await nudgeAt({ finishNudgeAt: null });
    expect(((await ada.workspace()) as WorkspaceResponse).days).toMatchObject({
      planNudgeAt: '07:30',
      finishNudgeAt: null,
    });
  });

  it('refuses a time that is not HH:MM on the 24-hour clock with a 400 that changes nothing', async () => {
    await nudgeAt({ planNudgeAt: '07:30' });
    const snapshot = await stateSnapshotter(t);
    const before = await snapshot();
    for (const bad of ['7:30', '24:00', '07:60', '0730', '07:30:00', ' 07:30', '7am', 730, '']) {
      const refused = await settings({ planNudgeAt: bad, carryOverTo: 'bottom' });
      expect(refused.statusCode).toBe(400);
      expect((await settings({ finishNudgeAt: bad })).statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('pushes the morning nudge at its time where the user is, not before, then not again', async () => {
    await subscribe('laptop');
    await nudgeAt({ planNudgeAt: '07:30' });
    await add('Call the bank');
    await add('Water the plants');
    const one = scheduler();
    t.clock.set(at(-1));
    expect(await one.runDue()).toBe(0);
    expect(await firings()).toEqual([]);
    t.clock.set(at(0));
    expect(await one.runDue()).toBe(1);
    expect(pushService.received.map((push) => push.payload)).toEqual([
      {
        title: 'Plan your day',
        body: '2 tasks are planned for today. Look them over.',
        url: '/plan',
        tag: 'plan-nudge',
      },
    ]);
    t.clock.set(at(30));
    expect(await one.runDue()).toBe(0);
    expect(await scheduler().runDue()).toBe(0);
    expect(nudgeMails()).toEqual([]);
    expect(await firings()).toEqual([
      { kind: 'plan-nudge', subject_id: ada.workspaceId, due_at: PLAN_DUE, outcome: 'pushed' },
    ]);
    // The next day's is its own: it fires again at 07:30 there.
    t.clock.set(at(24 * 60));
    expect(await one.runDue()).toBe(1);
    expect((await firings()).map((firing) => firing.due_at)).toEqual([PLAN_DUE, at(24 * 60)]);
  });

  it('sends an e-mail when no browser takes the nudge', async () => {
    await subscribe('old-phone');
    pushService.markGone('old-phone');
    await nudgeAt({ finishNudgeAt: '21:00' });
    // 21:00 in Auckland on the 28th.
    t.clock.set('2026-11-28T08:00:00.000Z');
    expect(await scheduler().runDue()).toBe(1);
    expect(pushService.received).toEqual([]);
    const [mail, ...more] = nudgeMails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Finish the day' });
    expect(mail!.text).toContain('https://hustle.test/execute?finish');
    expect(mail!.html).toContain('href="https://hustle.test/execute?finish"');
    expect(await firings()).toMatchObject([{ kind: 'finish-nudge', outcome: 'mailed' }]);
  });

  it('records a nudge the mail server refused as reaching no one, and sends it no second time', async () => {
    await nudgeAt({ planNudgeAt: '07:30' });
    t.mailer.send = async () => {
      throw new Error('the mail server is down');
    };
    t.clock.set(at(5));
    expect(await scheduler().runDue()).toBe(1);
    expect(await scheduler().runDue()).toBe(0);
    expect(await firings()).toMatchObject([{ kind: 'plan-nudge', outcome: 'no-device' }]);
  });

  it('drops a nudge found over an hour late, with a record, and sends one under an hour late', async () => {
    await subscribe('laptop');
    await nudgeAt({ planNudgeAt: '07:30', finishNudgeAt: '08:15' });
    t.clock.set(at(70));
    expect(await scheduler().runDue()).toBe(1);
    expect(pushService.received.map((push) => push.payload)).toMatchObject([
      { title: 'Finish the day' },
    ]);
    expect(nudgeMails()).toEqual([]);
    expect(await firings()).toMatchObject([
      { kind: 'plan-nudge', due_at: PLAN_DUE, outcome: 'dropped' },
      { kind: 'finish-nudge', due_at: at(45), outcome: 'pushed' },
    ]);
  });

  it('sends a nudge turned on under an hour after its time that day, and not twice', async () => {
    await subscribe('laptop');
    // 08:00 in Auckland: half an hour after 07:30, the time now chosen (decision 084).
    t.clock.set(at(30));
    await nudgeAt({ planNudgeAt: '07:30' });
    expect(await scheduler().runDue()).toBe(1);
    expect(pushService.received.map((push) => push.payload)).toMatchObject([
      { title: 'Plan your day' },
    ]);
    t.clock.set(at(40));
    expect(await scheduler().runDue()).toBe(0);
    expect(await firings()).toEqual([
      { kind: 'plan-nudge', subject_id: ada.workspaceId, due_at: PLAN_DUE, outcome: 'pushed' },
    ]);
  });

  it('skips the evening nudge for a day already finished', async () => {
    await nudgeAt({ finishNudgeAt: '21:00' });
    t.clock.set('2026-11-28T07:00:00.000Z');
    const finished = await ada.call('finishDay', {
      body: { workspaceId: ada.workspaceId, day: '2026-11-28', note: '', moves: [] },
    });
    expect(finished.statusCode).toBe(200);
    t.clock.set('2026-11-28T08:00:00.000Z');
    expect(await scheduler().runDue()).toBe(0);
    expect(await scheduler().runDue()).toBe(0);
    expect(pushService.received).toEqual([]);
    expect(nudgeMails()).toEqual([]);
    expect(await firings()).toMatchObject([{ kind: 'finish-nudge', outcome: 'skipped' }]);
  });

  it('sends each nudge exactly once while several schedulers race', async () => {
    const bob = await apiClientFor(t.app, 'bob@example.com');
    await subscribe('laptop');
    await nudgeAt({ planNudgeAt: '07:30', finishNudgeAt: '07:45' });
    await nudgeAt({ planNudgeAt: '07:00' }, bob);
    await settings({ planNudgeAt: '19:00' }, await apiClientFor(t.app, 'eve@example.com'));
    t.clock.set(at(15));
    const racers = Array.from({ length: 4 }, scheduler);
    const sent = await Promise.all(racers.flatMap((racer) => [racer.runDue(), racer.runDue()]));
    // Ada's two by push, Bob's by e-mail; Eve's 19:00 (UTC) has not come.
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(3);
    const titles = pushService.received.map((push) => (push.payload as { title: string }).title);
    expect(titles.sort()).toEqual(['Finish the day', 'Plan your day']);
    expect(nudgeMails()).toMatchObject([{ to: 'bob@example.com', subject: 'Plan your day' }]);
    expect(await firings()).toEqual([
      { kind: 'plan-nudge', subject_id: bob.workspaceId, due_at: at(-30), outcome: 'mailed' },
      { kind: 'plan-nudge', subject_id: ada.workspaceId, due_at: PLAN_DUE, outcome: 'pushed' },
      { kind: 'finish-nudge', subject_id: ada.workspaceId, due_at: at(15), outcome: 'pushed' },
    ]);
  });
});
