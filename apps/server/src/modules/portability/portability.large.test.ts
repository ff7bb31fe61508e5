import { ExportDocumentSchema, type ExportAnswer } from '@hustle/shared/portability';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { content } from '../../testing/export-content.ts';
import * as portabilityRepo from './portability.repository.ts';
import { seedLargeAccount } from '../../testing/seed-large-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Issue 28: more tasks than the old 20,000 cap, each list within the app's caps. */
const SHAPE = {
  projects: 5,
  tasksPerProject: 4_000,
  inboxTasks: 4_500,
  automationTasks: 500,
  plannedEvery: 50,
};

/** Counts turns of the event loop, and the SQL statements run in each, while it is on. */
function turnCounter() {
  let turn = 0;
  let isOn = false;
  const statementsByTurn = new Map<number, number>();
  const spin = () => {
    turn += 1;
    if (isOn) setImmediate(spin);
  };
  return {
    onQuery: () => {
      if (isOn) statementsByTurn.set(turn, (statementsByTurn.get(turn) ?? 0) + 1);
    },
    async during<T>(work: () => Promise<T>): Promise<T> {
      isOn = true;
      spin();
      try {
        return await work();
      } finally {
        isOn = false;
      }
    },
    mostStatementsInOneTurn: () => Math.max(...statementsByTurn.values()),
  };
}

describe.each(testDialects)('a large account leaves and arrives whole (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  const turns = turnCounter();

  beforeEach(async () => {
    t = await createTestApp(dialect, { onQuery: turns.onQuery });
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const exportOf = async (client: ApiClient): Promise<ExportAnswer> => {
    const res = await client.call('exportData');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json();
  };

  it('exports 25,000 tasks, and the file imports into an empty Premium account with everything equal', async () => {
    const { tasks } = await seedLargeAccount(t.database.db, ada, SHAPE);
    expect(tasks).toBe(25_000);

    const doc = await exportOf(ada);
    // The import's own schema takes what the export wrote.
    const checked = ExportDocumentSchema.safeParse(doc);
    expect(checked.success, JSON.stringify(checked.error?.issues.slice(0, 3))).toBe(true);
    expect(doc.projects.map((project) => [project.name, project.tasks.length])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [`Project ${n}`, 4_000]),
    );
    expect(doc.inbox).toHaveLength(4_500);
    expect(doc.automationTasks).toHaveLength(500);
    expect(doc.planned).toHaveLength(500);
    expect(doc.automations[0]!.runs.map((run) => run.taskRef)).toEqual(
      doc.automationTasks.slice(0, 3).map((task) => task.ref),
    );
    // In each list's order, as seeded: the first project's tasks are tasks 1 to 4,000.
    expect(doc.projects[0]!.tasks.map((task) => task.name)).toEqual(
      Array.from({ length: 4_000 }, (_, i) => `Task ${i + 1} (${i + 1} of 4000)`),
    );
    expect(doc.inbox.filter((task) => task.completedAt !== null)).toHaveLength(643);

    const carol = await apiClientFor(t.app, 'carol@example.com');
    expect(await carol.callOk('previewImport', { body: doc })).toEqual({
      added: { projects: 5, tasks: 25_000, automations: 1 },
      details: expect.objectContaining({ planned: 500 }),
      skipped: [],
    });
    const imported = await carol.call('importData', { body: doc });
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
    expect(imported.json()).toMatchObject({
      added: { projects: 5, tasks: 25_000, automations: 1 },
      skipped: [],
    });
    const copy = await exportOf(carol);
    expect(content(copy)).toEqual(content(doc));
    expect(copy.automations[0]!.trigger).toEqual({ frequency: 'WEEKLY', weekdays: [1, 4] });
  });

  it('lets other requests have turns of the event loop while a large import writes', async () => {
    await seedLargeAccount(t.database.db, ada, {
      projects: 2,
      tasksPerProject: 5_000,
      inboxTasks: 2_000,
      automationTasks: 0,
      plannedEvery: 10,
    });
    const doc = await exportOf(ada);
    const carol = await apiClientFor(t.app, 'carol@example.com');
    const imported = await turns.during(() => carol.call('importData', { body: doc }));
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
    expect(imported.json().added.tasks).toBe(12_000);
    // SQLite runs each statement on the event loop: 12,000 tasks and their change log take
    // about 90 inserts, which must not come in one go.
    expect(turns.mostStatementsInOneTurn()).toBeLessThanOrEqual(20);
  });

  it('takes back a daily automation with two years of runs', async () => {
    const automation = await ada.callOk('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        name: 'Stretch',
        trigger: { frequency: 'DAILY' },
        steps: [{ type: 'TASK', payload: { taskName: 'Stretch' } }],
      },
    });
    const days = Array.from({ length: 730 }, (_, i) =>
      new Date(Date.UTC(2024, 10, 1) + i * 86_400_000).toISOString(),
    );
    await portabilityRepo.insertAutomations(
      t.database.db,
      [],
      days.map((day) => ({
        automation_id: automation.id,
        period: day.slice(0, 10),
        task_id: null,
        status: 'SKIPPED' as const,
        error: null,
        created_at: day,
      })),
    );
    const doc = await exportOf(ada);
    // With the run its creation made today, which made a task.
    expect(doc.automations[0]!.runs).toHaveLength(731);
    expect(doc.automationTasks).toHaveLength(1);

    const carol = await apiClientFor(t.app, 'carol@example.com');
    const imported = await carol.call('importData', { body: doc });
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
    expect(content(await exportOf(carol))).toEqual(content(doc));
  });
});
