import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Task } from '@hustle/shared/tasks';
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

const NOW = '2026-11-27T10:00:00.000Z';
const inMinutes = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

/** Issue 30 item 5 through the API: reminders set as commands, fired once, sent by Web Push. */
describe.each(testDialects)('reminders by Web Push (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let pushService: PushServiceStandIn;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set(NOW);
    ada = await apiClientFor(t.app, 'ada@example.com');
    pushService = await startPushServiceStandIn();
  });
  afterEach(async () => {
    await pushService.close();
    await t.close();
  });

  /** Another process's scheduler on the same database: its own keys cache, its own passes. */
  const scheduler = () => anotherReminderScheduler(t);
  const add = async (name: string, client = ada) =>
    (
      await client.callOk('createTask', {
        body: { workspaceId: client.workspaceId, projectId: null, name, planned: true },
      })
    ).id;
  const remind = (taskId: string, remindAt: string | null, client = ada) =>
    client.call('setTaskReminder', {
      params: { id: taskId },
      body: { workspaceId: client.workspaceId, projectId: null, remindAt },
    });
  const taskIn = async (id: string, client = ada): Promise<Task> =>
    ((await client.workspace()) as WorkspaceResponse).tasks.find((task) => task.id === id)!;
  const subscribe = async (browser: string, client = ada) =>
    expect(
      (await client.call('subscribePush', { body: pushService.subscribe(browser) })).statusCode,
    ).toBe(204);
  const firingsOf = (taskId: string) =>
    t.database.db
      .selectFrom('reminder_firings')
      .selectAll()
      .where('subject_id', '=', taskId)
      .execute();

  it('sets a reminder as a UTC instant on the task, changes it and clears it', async () => {
    const task = await add('Call the bank');
    expect((await remind(task, '2026-11-27T15:30:00+01:00')).statusCode).toBe(200);
    expect((await taskIn(task)).remindAt).toBe('2026-11-27T14:30:00.000Z');
    expect((await remind(task, inMinutes(90))).statusCode).toBe(200);
    expect((await taskIn(task)).remindAt).toBe(inMinutes(90));
    expect((await remind(task, null)).statusCode).toBe(200);
    expect((await taskIn(task)).remindAt).toBeNull();
  });

  it('changes nothing when a reminder is set to what it is, or cleared when there is none', async () => {
    const task = await add('Call the bank');
    const snapshot = await stateSnapshotter(t);
    const before = await snapshot();
    expect((await remind(task, null)).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
    await remind(task, inMinutes(30));
    const set = await snapshot();
    expect((await remind(task, inMinutes(30))).statusCode).toBe(200);
    expect(await snapshot()).toEqual(set);
  });

  it('refuses a time in the past, or not a time, with a 400 that changes nothing', async () => {
    const task = await add('Call the bank');
    await remind(task, inMinutes(30));
    const snapshot = await stateSnapshotter(t);
    const before = await snapshot();
    const past = await remind(task, inMinutes(-5));
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('A reminder time cannot be in the past.');
    for (const bad of ['tomorrow', '2026-13-01T09:00:00Z', 42, '']) {
      const refused = await ada.put(`/api/v1/tasks/${task}/reminder`, {
        workspaceId: ada.workspaceId,
        projectId: null,
        remindAt: bad,
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
    expect((await taskIn(task)).remindAt).toBe(inMinutes(30));
  });

  it("answers 404 for another user's task and leaves it alone", async () => {
    const task = await add('Call the bank');
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const answer = await eve.call('setTaskReminder', {
      params: { id: task },
      body: { workspaceId: eve.workspaceId, projectId: null, remindAt: inMinutes(30) },
    });
    expect(answer.statusCode).toBe(404);
    expect((await taskIn(task)).remindAt).toBeNull();
  });

  it('delivers a due reminder to every browser, signed and encrypted, then never again', async () => {
    const task = await add('Call the bank');
    await subscribe('laptop');
    await subscribe('phone');
    await remind(task, inMinutes(10));
    const { publicKey } = await ada.callOk('getPushKey', {});
    const one = scheduler();
    expect(await one.runDue()).toBe(0);
    t.clock.set(inMinutes(10));
    expect(await one.runDue()).toBe(1);
    expect(pushService.refusals).toEqual([]);
    expect(pushService.received.map((push) => push.browser).sort()).toEqual(['laptop', 'phone']);
    for (const push of pushService.received) {
      expect(push.signedWith).toBe(publicKey);
      expect(push.claims.sub).toBe('mailto:ops@hustle.test');
      expect(push.userAgent).toBe('Hustle-Push/1');
      expect(push.payload).toEqual({
        title: 'Reminder',
        body: 'Call the bank',
        url: `/execute?task=${task}`,
        tag: `task-${task}`,
      });
    }
    t.clock.set(inMinutes(11));
    expect(await one.runDue()).toBe(0);
    expect(await scheduler().runDue()).toBe(0);
    expect(pushService.received).toHaveLength(2);
    expect(await firingsOf(task)).toMatchObject([{ kind: 'task', outcome: 'pushed' }]);
  });

  it('fires each reminder exactly once while several schedulers race', async () => {
    await subscribe('laptop');
    const tasks = [];
    for (let i = 0; i < 6; i += 1) {
      const task = await add(`Task ${i}`);
      await remind(task, inMinutes(i));
      tasks.push(task);
    }
    t.clock.set(inMinutes(10));
    const racers = Array.from({ length: 4 }, scheduler);
    const sent = await Promise.all(racers.flatMap((racer) => [racer.runDue(), racer.runDue()]));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(6);
    const bodies = pushService.received.map((push) => (push.payload as { body: string }).body);
    expect(bodies.sort()).toEqual(tasks.map((_, i) => `Task ${i}`));
    for (const task of tasks) expect(await firingsOf(task)).toHaveLength(1);
    // Every instance signed with the one key pair kept in the database.
    expect(new Set(pushService.received.map((push) => push.signedWith)).size).toBe(1);
  });

  it('sends one missed by under an hour and drops one later, with a record', async () => {
    await subscribe('laptop');
    const late = await add('Late but in time');
    const missed = await add('Missed');
    await remind(late, inMinutes(60));
    await remind(missed, inMinutes(5));
    t.clock.set(inMinutes(100));
    expect(await scheduler().runDue()).toBe(1);
    expect(pushService.received.map((push) => (push.payload as { body: string }).body)).toEqual([
      'Late but in time',
    ]);
    expect(await firingsOf(missed)).toMatchObject([
      { outcome: 'dropped', fired_at: inMinutes(100) },
    ]);
  });

  it('forgets a browser the push service says is gone, and sends nothing for a done task', async () => {
    await subscribe('laptop');
    await subscribe('old-phone');
    pushService.markGone('old-phone');
    const task = await add('Call the bank');
    const done = await add('Already done');
    await remind(task, inMinutes(5));
    await remind(done, inMinutes(5));
    await ada.callOk('taskAction', {
      params: { id: done, action: 'complete' },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
    });
    t.clock.set(inMinutes(5));
    expect(await scheduler().runDue()).toBe(1);
    const endpoints = await t.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .execute();
    expect(endpoints.map((row) => row.endpoint)).toEqual([expect.stringMatching(/\/laptop$/)]);
    expect(await firingsOf(done)).toEqual([]);
  });

  it('records a reminder with no browser to go to, and unsubscribing stops delivery', async () => {
    const task = await add('Call the bank');
    const subscription = pushService.subscribe('laptop');
    await ada.callOk('subscribePush', { body: subscription });
    await ada.callOk('unsubscribePush', { body: { endpoint: subscription.endpoint } });
    await remind(task, inMinutes(5));
    t.clock.set(inMinutes(5));
    expect(await scheduler().runDue()).toBe(1);
    expect(pushService.received).toEqual([]);
    expect(await firingsOf(task)).toMatchObject([{ outcome: 'no-device' }]);
  });

  it.each(['leaves the project', 'erases the account'] as const)(
    'reminds no member who %s, and holds up no other reminder for it',
    async (gone) => {
      const bob = await apiClientFor(t.app, 'bob@example.com');
      const { projectId: garden } = await ada.callOk('createProject', {
        body: { workspaceId: ada.workspaceId, name: 'Garden' },
      });
      const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId: garden } });
      await bob.callOk('joinInvite', {
        params: { inviteToken: inviteLink.replace(/^.*\/invite\//, '') },
      });
      const shared = (
        await ada.callOk('createTask', {
          body: { workspaceId: ada.workspaceId, projectId: garden, name: 'Cut the roses' },
        })
      ).id;
      await subscribe('bobs-phone', bob);
      await subscribe('laptop');
      expect(
        (
          await bob.call('setTaskReminder', {
            params: { id: shared },
            body: { workspaceId: bob.workspaceId, projectId: garden, remindAt: inMinutes(5) },
          })
        ).statusCode,
      ).toBe(200);
      if (gone === 'leaves the project') {
        await bob.callOk('leaveProject', {
          params: { projectId: garden },
          body: { workspaceId: bob.workspaceId },
        });
      } else {
        await bob.callOk('deleteAccount', { body: { email: 'bob@example.com' } });
      }
      const own = await add('Call the bank');
      await remind(own, inMinutes(6));
      t.clock.set(inMinutes(10));
      expect(await scheduler().runDue()).toBe(1);
      expect(pushService.received.map((push) => push.browser)).toEqual(['laptop']);
      expect(await firingsOf(shared)).toEqual([]);
    },
  );

  it('after catching up, reads only the last day of reminders; a new process reads them all', async () => {
    await subscribe('laptop');
    const task = await add('Call the bank');
    await remind(task, inMinutes(5));
    t.clock.set(inMinutes(5));
    const running = scheduler();
    expect(await running.runDue()).toBe(1);
    // Reopened two days after its time (the reminder stays on the task): too late to send.
    const old = await add('Renew the passport');
    await t.database.db
      .updateTable('tasks')
      .set({ remind_at: inMinutes(-2 * 24 * 60), remind_workspace_id: ada.workspaceId })
      .where('id', '=', old)
      .execute();
    expect(await running.runDue()).toBe(0);
    expect(await firingsOf(old)).toEqual([]);
    expect(await scheduler().runDue()).toBe(0);
    expect(await firingsOf(old)).toMatchObject([{ outcome: 'dropped' }]);
    expect(pushService.received).toHaveLength(1);
  });

  it('refuses a subscription that is not one with a 400', async () => {
    for (const body of [
      { endpoint: 'not a url', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } },
      { endpoint: 'ftp://push.example/x', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } },
      { endpoint: 'https://push.example/x', keys: { p256dh: 'not base64!', auth: 'b'.repeat(22) } },
      { endpoint: 'https://push.example/x' },
    ]) {
      expect((await ada.put('/api/v1/push/subscription', body)).statusCode).toBe(400);
    }
    expect(await t.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });
});
