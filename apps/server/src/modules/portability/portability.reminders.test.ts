import { EXPORT_VERSION, type ExportDocumentInput } from '@hustle/shared/portability';
import type { Task } from '@hustle/shared/tasks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { anotherReminderScheduler } from '../../testing/reminder-scheduler.ts';

/** Version 4 of the format (issue 30): a task's reminder leaves with the account and comes back. */

const NOW = '2026-11-27T10:00:00.000Z';
const inMinutes = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const at = '2026-11-01T08:00:00.000Z';
const docTask = (ref: string, extra: object = {}) => ({
  ref,
  name: ref,
  createdAt: at,
  updatedAt: at,
  completedAt: null,
  ...extra,
});
const document = (inbox: object[]): ExportDocumentInput => ({
  format: 'hustle-export',
  version: EXPORT_VERSION,
  exportedAt: at,
  projects: [],
  inbox: inbox as ExportDocumentInput['inbox'],
  automations: [],
  automationTasks: [],
  planned: [],
});

describe.each(testDialects)('reminders in export and import (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set(NOW);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const scheduler = () => anotherReminderScheduler(t);
  const tasksOf = async (client: ApiClient) => (await client.workspace()).tasks as Task[];

  it('exports a task’s reminder and an import restores it as the importer’s', async () => {
    const ids = [];
    for (const name of ['Call Ana', 'Pay rent']) {
      const { id } = await ada.callOk('createTask', {
        body: { workspaceId: ada.workspaceId, projectId: null, name, planned: false },
      });
      ids.push(id);
    }
    await ada.callOk('setTaskReminder', {
      params: { id: ids[0]! },
      body: {
        workspaceId: ada.workspaceId,
        projectId: null,
        remindAt: '2026-11-28T08:00:00+00:00',
      },
    });
    const doc = await ada.callOk('exportData');
    expect(doc.version).toBe(4);
    expect(doc.inbox.map((task) => [task.name, task.remindAt])).toEqual([
      ['Call Ana', '2026-11-28T08:00:00.000Z'],
      ['Pay rent', undefined],
    ]);

    const bea = await apiClientFor(t.app, 'bea@example.com');
    const res = await bea.call('importData', { body: doc });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tasksOf(bea)).map((task) => [task.name, task.remindAt])).toEqual([
      ['Call Ana', '2026-11-28T08:00:00.000Z'],
      ['Pay rent', null],
    ]);
    expect((await bea.callOk('exportData')).inbox[0]!.remindAt).toBe('2026-11-28T08:00:00.000Z');
    // It is Bea's now: when it is due, the scheduler takes it (Ada's and Bea's, one each).
    t.clock.set('2026-11-28T08:00:30.000Z');
    expect(await scheduler().runDue()).toBe(2);
  });

  it('leaves out a reminder another member set on a shared task: it is theirs', async () => {
    const bob = await apiClientFor(t.app, 'bob@example.com');
    const { projectId: garden } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Garden' },
    });
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId: garden } });
    await bob.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace(/^.*\/invite\//, '') },
    });
    const { id } = await ada.callOk('createTask', {
      body: { workspaceId: ada.workspaceId, projectId: garden, name: 'Cut the roses' },
    });
    await bob.callOk('setTaskReminder', {
      params: { id },
      body: { workspaceId: bob.workspaceId, projectId: garden, remindAt: inMinutes(60) },
    });
    const [project] = (await ada.callOk('exportData')).projects;
    expect(project!.tasks.map((task) => [task.name, task.remindAt])).toEqual([
      ['Cut the roses', undefined],
    ]);
  });

  it('keeps out a reminder already past, so nothing is sent late', async () => {
    const doc = document([
      docTask('gone', { remindAt: inMinutes(-30) }),
      docTask('now', { remindAt: NOW }),
      docTask('ahead', { remindAt: inMinutes(30) }),
    ]);
    const res = await ada.call('importData', { body: doc });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tasksOf(ada)).map((task) => [task.name, task.remindAt])).toEqual([
      ['gone', null],
      ['now', null],
      ['ahead', inMinutes(30)],
    ]);
    expect(await scheduler().runDue()).toBe(0);
    t.clock.set(inMinutes(31));
    expect(await scheduler().runDue()).toBe(1);
  });

  it('refuses a reminder that is no instant, and writes nothing', async () => {
    const bad = await ada.call('importData', {
      body: document([docTask('x', { remindAt: 'tomorrow at 9' })]),
    });
    expect(bad.statusCode).toBe(400);
    expect(await tasksOf(ada)).toEqual([]);
  });
});
