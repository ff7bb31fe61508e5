import { EXPORT_VERSION, ExportDocumentSchema } from '@hustle/shared/portability';
import { describe, expect, it } from 'vitest';
import home from './samples/Home.csv?raw';
import inbox from './samples/Inbox.csv?raw';
import notTodoist from './samples/not-todoist.csv?raw';
import { dayOf, repeatOf, TodoistCsvError, todoistCsvToDocument } from './todoist-csv.ts';

const now = new Date('2026-11-24T10:00:00.000Z');
const today = '2026-11-24'; // a Tuesday
const at = now.toISOString();

describe('Todoist CSV export to an import document', () => {
  const { document, notes, leftOut } = todoistCsvToDocument(
    [
      { name: 'Home.csv', text: home },
      { name: 'Inbox.csv', text: inbox },
    ],
    now,
    today,
  );
  const [project] = document.projects;
  const taskNamed = (name: string) => project!.tasks.find((task) => task.name === name);

  it('makes a valid import document of the current version', () => {
    const parsed = ExportDocumentSchema.safeParse(document);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(document.version).toBe(EXPORT_VERSION);
  });

  it('makes a project of each file, named after it, its tasks in order and checked ones completed', () => {
    expect(document.projects).toHaveLength(1);
    expect(project).toMatchObject({ name: 'Home', color: null, archivedAt: null, createdAt: at });
    expect(project!.tasks.map((task) => [task.name, task.completedAt])).toEqual([
      ['Fix the leaking tap', null],
      ['Check the soil', null],
      ['Book the boiler service', at],
      ['Feed the birds', null],
      ['Renew the car insurance', null],
      ['Send the tax return', null],
      ['Call the bank', null],
    ]);
  });

  it('puts a file named Inbox into the inbox', () => {
    expect(document.inbox.map((task) => [task.name, task.completedAt])).toEqual([
      ['Call mum', null],
      ['Return the library books', at],
      ['Read “The Design of Everyday Things”', null],
    ]);
  });

  it('plans due tasks for their day (overdue ones for today) and keeps deadlines apart', () => {
    const names = new Map(
      [...project!.tasks, ...document.inbox].map((task) => [task.ref, task.name]),
    );
    expect(
      document.planned.map(
        (entry) => typeof entry !== 'string' && [names.get(entry.ref), entry.day],
      ),
    ).toEqual([
      ['Fix the leaking tap', '2026-11-26'],
      ['Renew the car insurance', '2026-12-03'],
      ['Call the bank', today],
      ['Call mum', today],
    ]);
    expect(project!.tasks.filter((task) => task.deadline).map((t) => [t.name, t.deadline])).toEqual(
      [
        ['Fix the leaking tap', '2026-11-30'],
        ['Renew the car insurance', '2026-12-03'],
        ['Send the tax return', '2026-12-10'],
      ],
    );
  });

  it('turns descriptions and comments into notes, and sub-tasks into checklist items of their task', () => {
    expect(taskNamed('Fix the leaking tap')).toMatchObject({
      notes:
        'Washer size **1/2 inch**\n\n' +
        'Comment from Ada Lovelace: The hardware shop on Mill Road has them, ask for "ceramic"\n\n' +
        'Comment from Bob Smith: Bob says the old one is under the sink',
      checklist: [
        { name: 'Buy a new washer', doneAt: null, createdAt: at },
        { name: 'Turn off the water', doneAt: at, createdAt: at },
        { name: 'Find the spanner', doneAt: null, createdAt: at },
      ],
    });
  });

  it('turns repeating tasks into automations of the same rule in their project, and no task of their own', () => {
    expect(
      document.automations.map(({ name, dayOfMonth, trigger, taskName, projectRef }) => ({
        name,
        rule: trigger ?? { dayOfMonth },
        taskName,
        projectRef,
      })),
    ).toEqual([
      {
        name: 'Monthly on 15th add Pay rent in Execute',
        rule: { dayOfMonth: 15 },
        taskName: 'Pay rent',
        projectRef: 'f0',
      },
      {
        name: 'Weekly on Monday add Water the plants in Execute',
        rule: { frequency: 'WEEKLY', weekdays: [1] },
        taskName: 'Water the plants',
        projectRef: 'f0',
      },
      expect.objectContaining({
        rule: { frequency: 'WEEKLY', weekdays: [6], interval: 2, startsOn: today },
        taskName: 'Mow the lawn, front and back',
      }),
      expect.objectContaining({ rule: { frequency: 'DAILY' } }),
      expect.objectContaining({ rule: { dayOfMonth: 1 }, taskName: 'Empty the compost bin' }),
      expect.objectContaining({ rule: { frequency: 'LAST_DAY_OF_MONTH' }, taskName: 'Water bill' }),
      expect.objectContaining({
        rule: { frequency: 'WEEKLY', weekdays: [2], interval: 2, startsOn: today },
        taskName: 'File the receipts',
      }),
    ]);
    expect(JSON.stringify(document.projects)).not.toContain('Pay rent');
    expect(document.automationTasks).toEqual([]);
  });

  it('says how things came in, and lists what is left out with counts', () => {
    expect(notes).toEqual([
      'Due dates become planned days (4).',
      'Overdue tasks are planned for today (1).',
      'Deadlines come in as deadlines (3).',
      'Repeating tasks become automations in their project (7).',
      'Descriptions become notes (1).',
      'Comments are added to their task’s notes (2).',
      'Sub-tasks become checklist items of their task (3).',
    ]);
    expect(leftOut).toEqual([
      'Repeats Hustle cannot do come in once: “every morning” (1).',
      'Priorities are left out (4).',
      'Sections are left out; their tasks keep their order (2).',
      'Labels are not kept apart; they stay in the task names (1).',
      'Assignees are left out (1).',
      'Durations are left out (1).',
      'Sub-tasks of repeating tasks, or past 100, come in as tasks (1).',
      'Sub-tasks’ own dates and descriptions are left out (1).',
      'Descriptions, deadlines and comments of repeating tasks are left out (1).',
    ]);
  });

  it('reads repeats with quick add’s parser, and says which it cannot do', () => {
    expect(repeatOf('every monday', today)).toEqual({ frequency: 'WEEKLY', weekdays: [1] });
    expect(repeatOf('every last day', today)).toEqual({ frequency: 'LAST_DAY_OF_MONTH' });
    expect(repeatOf('every other friday', today)).toEqual({
      frequency: 'WEEKLY',
      weekdays: [5],
      interval: 2,
      startsOn: today,
    });
    expect(repeatOf('every first monday', today)).toEqual({
      frequency: 'WEEKDAY_OF_MONTH',
      nth: 1,
      weekday: 1,
    });
    expect(repeatOf('every month on the 15th', today)).toEqual({
      frequency: 'MONTHLY',
      dayOfMonth: 15,
    });
    expect(repeatOf('every hour', today)).toBeNull();
    expect(repeatOf('every! 3 days', today)).toBeNull();
    expect(repeatOf('Dec 3', today)).toBeUndefined();
  });

  it('reads due days as written or as quick add reads them, within five years', () => {
    expect(dayOf('2026-12-24', today)).toEqual({
      day: '2026-12-24',
      isDeadline: false,
      isOverdue: false,
    });
    expect(dayOf('2026-11-02T09:00:00', today)).toMatchObject({ day: today, isOverdue: true });
    expect(dayOf('tomorrow', today)).toMatchObject({ day: '2026-11-25' });
    expect(dayOf('by Friday', today)).toMatchObject({ day: '2026-11-27', isDeadline: true });
    expect(dayOf('2026-02-30', today)).toBeNull();
    expect(dayOf('2040-01-01', today)).toBeNull();
    expect(dayOf('someday', today)).toBeNull();
  });

  it('refuses a CSV that is not a Todoist export, naming the file', () => {
    expect(() =>
      todoistCsvToDocument([{ name: 'tasks.csv', text: notTodoist }], now, today),
    ).toThrow(
      new TodoistCsvError(
        'tasks.csv is not a Todoist CSV export: its first row must name the columns TYPE and CONTENT.',
      ),
    );
  });

  it('keeps names, notes and checklists within the limits and drops characters names may not hold', () => {
    const long = 'x'.repeat(3000);
    const subtasks = Array.from({ length: 101 }, (_, i) => `task,Step ${i},,4,2,,\n`).join('');
    const comments = `note,${'c'.repeat(6000)},,,,,\n`.repeat(2);
    const text =
      `TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,DATE\n` +
      `task,${long},,4,1,,\ntask,"Tab\u0007bell",,4,1,,\n${subtasks}${comments}` +
      `task,${'y'.repeat(150)},,4,1,,every 5th\n`;
    const { document: doc, leftOut: out } = todoistCsvToDocument(
      [{ name: `${'P'.repeat(120)}.csv`, text }],
      now,
      today,
    );
    expect(doc.projects[0]!.name).toHaveLength(100);
    const tasks = doc.projects[0]!.tasks;
    // The 101st sub-task comes in as a task of its own.
    expect(tasks.map((task) => task.name.length)).toEqual([2048, 7, 8]);
    expect(tasks[1]!.checklist).toHaveLength(100);
    expect(tasks[1]!.notes).toHaveLength(10_000);
    expect(doc.automations[0]!.taskName).toHaveLength(100);
    expect(out).toContain('Notes longer than 10,000 characters are shortened (1).');
    expect(ExportDocumentSchema.safeParse(doc).success).toBe(true);
  });
});
