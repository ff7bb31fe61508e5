import { EXPORT_VERSION, type ExportDocumentInput } from '@hustle/shared/portability';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { content } from '../../testing/export-content.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Version 2 of the format (decision 069): days, deadlines, repeats in projects, notes, checklists. */

const at = '2026-11-01T08:00:00.000Z';
const docTask = (ref: string, extra: object = {}) => ({
  ref,
  name: ref,
  createdAt: at,
  updatedAt: at,
  completedAt: null,
  ...extra,
});
const document = (parts: Partial<ExportDocumentInput>): ExportDocumentInput => ({
  format: 'hustle-export',
  version: 2,
  exportedAt: '2026-11-20T10:00:00.000Z',
  projects: [],
  inbox: [],
  automations: [],
  automationTasks: [],
  planned: [],
  ...parts,
});
const item = (name: string, doneAt: string | null = null) => ({ name, doneAt, createdAt: at });

describe.each(testDialects)('export version 2 (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;

  beforeEach(async () => {
    t = await createTestApp(dialect); // the clock starts on Sunday 2026-11-22 09:00 UTC
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const on = (projectId: string | null) => ({ workspaceId: ada.workspaceId, projectId });
  const exportOf = (client: ApiClient) => client.callOk('exportData');
  const snapshot = async (client: ApiClient) => {
    const { exportedAt: _at, ...doc } = await exportOf(client);
    return doc;
  };

  /** Ada plans for days, sets deadlines, writes notes and checklists, repeats into a project. */
  async function datedAccount() {
    const { projectId: home } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Home' },
    });
    const task = async (name: string, projectId: string | null) =>
      (await ada.callOk('createTask', { body: { ...on(projectId), name, planned: false } })).id;
    const tap = await task('Fix the tap', home);
    const call = await task('Call Anna', null);
    const plan = (id: string, projectId: string | null, day: string) =>
      ada.callOk('planTaskForDay', {
        params: { id },
        body: { ...on(projectId), origin: 'workspace', day },
      });
    await plan(call, null, '2026-11-23');
    await plan(tap, home, '2026-11-25');
    await ada.callOk('setTaskDeadline', {
      params: { id: tap },
      body: { ...on(home), deadline: '2026-12-04' },
    });
    await ada.callOk('setTaskEstimate', {
      params: { id: tap },
      body: { ...on(home), estimate: 90 },
    });
    await ada.callOk('setTaskNotes', {
      params: { id: tap },
      body: { ...on(home), notes: 'Washer **1/2 inch**\n\n- [shop](https://example.com)' },
    });
    const items = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [i, name] of ['Buy a washer', 'Turn off the water'].entries()) {
      await ada.callOk('addChecklistItem', {
        params: { id: tap },
        body: { ...on(home), itemId: items[i]!, name },
      });
    }
    await ada.callOk('updateChecklistItem', {
      params: { id: tap, itemId: items[1]! },
      body: { ...on(home), done: true },
    });
    await ada.callOk('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        name: 'Plants',
        trigger: { frequency: 'WEEKLY', weekdays: [1], interval: 2, startsOn: '2026-11-23' },
        projectId: home,
        steps: [{ type: 'TASK', payload: { taskName: 'Water the plants' } }],
      },
    });
    await ada.callOk('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        name: 'Rent',
        trigger: { frequency: 'LAST_DAY_OF_MONTH' },
        steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      },
    });
  }

  it('carries the days finished and their notes for tomorrow (version 3); a day finished here keeps its own', async () => {
    const finish = (client: ApiClient, day: string, note: string) =>
      client.callOk('finishDay', {
        body: { workspaceId: client.workspaceId, day, note, moves: [] },
      });
    await finish(ada, '2026-11-21', 'Call the bank first');
    await finish(ada, '2026-11-22', 'Start with the report');
    const doc = await exportOf(ada);
    expect(doc.dayReviews).toEqual([
      { day: '2026-11-21', finishedAt: '2026-11-22T09:00:00.000Z', note: 'Call the bank first' },
      { day: '2026-11-22', finishedAt: '2026-11-22T09:00:00.000Z', note: 'Start with the report' },
    ]);
    const bea = await apiClientFor(t.app, 'bea@example.com');
    await finish(bea, '2026-11-22', 'Her own');
    expect((await bea.call('importData', { body: doc })).statusCode).toBe(200);
    expect((await bea.workspace()).dayReview).toEqual({ day: '2026-11-22', note: 'Her own' });
    expect((await exportOf(bea)).dayReviews.map((review) => review.note)).toEqual([
      'Call the bank first',
      'Her own',
    ]);
    // A note of two lines is not a note for tomorrow: the document is refused whole.
    const twoLines = {
      ...document({}),
      version: 3,
      dayReviews: [{ day: '2026-11-20', finishedAt: at, note: 'One\nTwo' }],
    };
    const refused = await bea.call('importData', { body: twoLines as never });
    expect(refused.statusCode).toBe(400);
  });

  it('exports days, deadlines, notes, checklists and an automation’s project', async () => {
    await datedAccount();
    const doc = await exportOf(ada);
    expect(doc.version).toBe(EXPORT_VERSION);
    const [home] = doc.projects;
    expect(home!.tasks[0]).toMatchObject({
      name: 'Fix the tap',
      deadline: '2026-12-04',
      estimate: 90,
      notes: 'Washer **1/2 inch**\n\n- [shop](https://example.com)',
      checklist: [
        { name: 'Buy a washer', doneAt: null, createdAt: expect.any(String) },
        { name: 'Turn off the water', doneAt: expect.any(String), createdAt: expect.any(String) },
      ],
    });
    // What a task lacks stays out of the file.
    expect(Object.keys(doc.inbox[0]!)).toEqual([
      'ref',
      'name',
      'createdAt',
      'updatedAt',
      'completedAt',
    ]);
    expect(doc.planned).toEqual([
      { ref: doc.inbox[0]!.ref, day: '2026-11-23', carried: 0 },
      { ref: home!.tasks[0]!.ref, day: '2026-11-25', carried: 0 },
    ]);
    expect(doc.automations.map((a) => [a.name, a.trigger, a.projectRef])).toEqual([
      [
        'Plants',
        { frequency: 'WEEKLY', weekdays: [1], interval: 2, startsOn: '2026-11-23' },
        home!.ref,
      ],
      ['Rent', { frequency: 'LAST_DAY_OF_MONTH' }, undefined],
    ]);
  });

  it('round-trips into an empty account: days, deadlines, repeats with their project, notes, checklists', async () => {
    await datedAccount();
    const doc = await exportOf(ada);
    const carol = await apiClientFor(t.app, 'carol@example.com');
    const preview = await carol.callOk('previewImport', { body: doc });
    expect(preview.details).toEqual({
      planned: 2,
      deadlines: 1,
      notes: 1,
      checklistItems: 2,
      automationsInProjects: 1,
    });
    const res = await carol.call('importData', { body: doc });
    expect(res.statusCode, res.body).toBe(200);
    const copy = await exportOf(carol);
    expect(content(copy)).toEqual(content(doc));
    expect(content(copy).automations[0]!.project).toBe('Home');

    // The rows the app reads: marks on the task, items in order, the automation's project.
    const workspace = await carol.workspace();
    const [homeCard] = workspace.projects as { id: string }[];
    const tap = copy.projects[0]!.tasks[0]!.ref;
    const details = await carol.callOk('getTaskDetails', { params: { id: tap } });
    expect(details.checklist.map((i) => [i.name, i.done])).toEqual([
      ['Buy a washer', false],
      ['Turn off the water', true],
    ]);
    expect(details.task).toMatchObject({
      hasNotes: true,
      checklist: { done: 1, total: 2 },
      deadline: '2026-12-04',
      estimate: 90,
      plannedFor: '2026-11-25',
    });
    const automations = await carol.callOk('listAutomations');
    expect(automations.map((a) => a.projectId)).toEqual([homeCard!.id, undefined]);
  });

  it('carries time entries (version 3): the exporter’s own, restored as the importer’s with the task’s time', async () => {
    const report = (
      await ada.callOk('createTask', {
        body: { workspaceId: ada.workspaceId, projectId: null, name: 'Write the report' },
      })
    ).id;
    const focus = async (from: string, to: string) => {
      const entryId = crypto.randomUUID();
      const on = { workspaceId: ada.workspaceId, projectId: null, taskId: report };
      await ada.callOk('startFocus', { body: { ...on, entryId, at: from, resume: false } });
      await ada.callOk('endFocus', {
        body: { workspaceId: ada.workspaceId, entryId, at: to, pause: false },
      });
    };
    await focus('2026-11-22T07:00:00.000Z', '2026-11-22T07:25:00.000Z');
    await focus('2026-11-22T08:00:00.000Z', '2026-11-22T08:10:30.000Z');
    await ada.callOk('taskAction', {
      params: { id: report, action: 'complete' },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
    });
    const doc = await exportOf(ada);
    expect(doc.inbox[0]!.timeEntries).toEqual([
      { startedAt: '2026-11-22T07:00:00.000Z', endedAt: '2026-11-22T07:25:00.000Z' },
      { startedAt: '2026-11-22T08:00:00.000Z', endedAt: '2026-11-22T08:10:30.000Z' },
    ]);

    const carol = await apiClientFor(t.app, 'carol@example.com');
    expect((await carol.call('importData', { body: doc })).statusCode).toBe(200);
    const [task] = (await carol.workspace()).tasks as { id: string; actualSeconds: number }[];
    expect(task!.actualSeconds).toBe(35 * 60 + 30);
    const details = await carol.callOk('getTaskDetails', { params: { id: task!.id } });
    expect(details.timeEntries.map((e) => e.seconds)).toEqual([630, 1500]);
    const logbook = await carol.callOk('getLogbook', { query: {} });
    expect(logbook.days[0]!.totals.focusedSeconds).toBe(35 * 60 + 30);
    // Carol's export says the same.
    expect((await exportOf(carol)).inbox[0]!.timeEntries).toEqual(doc.inbox[0]!.timeEntries);

    // An entry ending before it starts is refused, and nothing is written.
    const bad = document({
      inbox: [
        docTask('x', {
          timeEntries: [{ startedAt: '2026-11-02T10:00:00Z', endedAt: '2026-11-02T09:00:00Z' }],
        }),
      ],
    });
    const dora = await apiClientFor(t.app, 'dora@example.com');
    const refused = await dora.call('importData', { body: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('A time entry cannot end before it starts.');
    expect((await dora.workspace()).tasks).toEqual([]);
  });

  it('still imports a version 1 file: its planned tasks for today, nothing else dated', async () => {
    const res = await ada.call('importData', {
      body: {
        ...document({
          inbox: [docTask('one'), docTask('two')],
          automations: [
            { ref: 'a', name: 'Rent', dayOfMonth: 5, taskName: 'Pay', createdAt: at, runs: [] },
          ],
          planned: ['two'] as never,
        }),
        version: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = await exportOf(ada);
    expect(doc.version).toBe(EXPORT_VERSION);
    expect(doc.planned).toEqual([{ ref: doc.inbox[1]!.ref, day: '2026-11-22', carried: 0 }]);
    expect(doc.inbox.map((task) => task.name)).toEqual(['one', 'two']);
    expect(doc.automations[0]).toMatchObject({ dayOfMonth: 5 });
    expect(doc.automations[0]!.projectRef).toBeUndefined();
  });

  it('refuses bad items with a 400 naming each, and changes nothing', async () => {
    await datedAccount();
    const before = await snapshot(ada);
    const version = (await ada.workspace()).version;
    const res = await ada.call('importData', {
      body: document({
        projects: [
          {
            ref: 'p',
            name: 'P',
            color: null,
            archivedAt: null,
            createdAt: at,
            tasks: [
              docTask('long', { notes: 'n'.repeat(10_001) }),
              docTask('full', {
                checklist: Array.from({ length: 101 }, (_, i) => item(`Step ${i}`)),
              }),
              docTask('feb', { deadline: '2026-02-30' }),
              docTask('forever', { estimate: 481 }),
            ],
          },
        ],
        automations: [
          {
            ref: 'a',
            name: 'A',
            trigger: { frequency: 'LAST_DAY_OF_MONTH' },
            taskName: 'T',
            projectRef: 'nowhere',
            createdAt: at,
            runs: [],
          },
        ],
      }),
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([
      { path: 'projects.0.tasks.0.notes', message: 'Notes have at most 10,000 characters.' },
      { path: 'projects.0.tasks.1.checklist', message: 'A checklist holds at most 100 items.' },
      {
        path: 'projects.0.tasks.2.deadline',
        message: 'Not a date: give a real day as YYYY-MM-DD.',
      },
      {
        path: 'projects.0.tasks.3.estimate',
        message: 'An estimate is at most 8 hours. Give whole minutes from 5 to 480 (8 hours).',
      },
    ]);
    const refs = await ada.call('importData', {
      body: document({
        projects: [
          { ref: 'p', name: 'P', color: null, archivedAt: null, createdAt: at, tasks: [] },
        ],
        automations: [
          {
            ref: 'a',
            name: 'A',
            trigger: { frequency: 'LAST_DAY_OF_MONTH' },
            taskName: 'T',
            projectRef: 'nowhere',
            createdAt: at,
            runs: [],
          },
        ],
      }),
    });
    expect(refs.statusCode).toBe(400);
    expect(refs.json().error.details).toEqual([
      { path: 'automations.0.projectRef', message: 'No project has the ref "nowhere".' },
    ]);

    // Real dates, but further than five years from today (2026-11-22), as the commands refuse.
    const far = await ada.call('importData', {
      body: document({
        inbox: [docTask('late', { deadline: '2031-11-23' }), docTask('early')],
        automations: [
          {
            ref: 'a',
            name: 'A',
            trigger: { frequency: 'DAILY', interval: 3, startsOn: '2021-11-21' },
            taskName: 'T',
            createdAt: at,
            runs: [],
          },
        ],
        planned: [{ ref: 'early', day: '2021-11-21' }],
      }),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'inbox.0.deadline: A deadline must be within 5 years of today (2026-11-22).',
      details: [
        { path: 'inbox.0.deadline', message: expect.stringContaining('A deadline') },
        { path: 'planned.0.day', message: expect.stringContaining('A planned day') },
        {
          path: 'automations.0.trigger.startsOn',
          message: expect.stringContaining('The start date'),
        },
      ],
    });
    const preview = await ada.call('previewImport', {
      body: document({ inbox: [docTask('late', { deadline: '2031-11-23' })] }),
    });
    expect(preview.statusCode).toBe(400);

    expect(await snapshot(ada)).toEqual(before);
    expect((await ada.workspace()).version).toBe(version);
  });

  it('refuses impossible planned days and start dates in a preview and an import, and changes nothing', async () => {
    await datedAccount();
    const before = await snapshot(ada);
    const version = (await ada.workspace()).version;
    const body = document({
      inbox: [docTask('a'), docTask('b')],
      automations: [
        {
          ref: 'r',
          name: 'R',
          trigger: { frequency: 'DAILY', interval: 2, startsOn: '2026-02-30' },
          taskName: 'T',
          createdAt: at,
          runs: [],
        },
      ],
      planned: [
        { ref: 'a', day: '2026-13-01' },
        { ref: 'b', day: 'tomorrow' },
      ],
    });
    for (const operation of ['previewImport', 'importData'] as const) {
      const res = await ada.call(operation, { body });
      expect(res.statusCode, operation).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
        'automations.0.trigger.startsOn',
        'planned.0.day',
        'planned.1.day',
      ]);
    }
    expect(await snapshot(ada)).toEqual(before);
    expect((await ada.workspace()).version).toBe(version);
  });
});
