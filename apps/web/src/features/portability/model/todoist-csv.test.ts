import { ExportDocumentSchema } from '@hustle/shared/portability';
import { describe, expect, it } from 'vitest';
import home from './samples/Home.csv?raw';
import inbox from './samples/Inbox.csv?raw';
import notTodoist from './samples/not-todoist.csv?raw';
import { monthlyDayOf, TodoistCsvError, todoistCsvToDocument } from './todoist-csv.ts';

const now = new Date('2026-11-24T10:00:00.000Z');
const at = now.toISOString();

describe('Todoist CSV export to an import document', () => {
  const { document, notes } = todoistCsvToDocument(
    [
      { name: 'Home.csv', text: home },
      { name: 'Inbox.csv', text: inbox },
    ],
    now,
  );

  it('makes a valid import document', () => {
    const parsed = ExportDocumentSchema.safeParse(document);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('makes a project of each file, named after it, its tasks in order and checked ones completed', () => {
    expect(document.projects).toHaveLength(1);
    const [project] = document.projects;
    expect(project).toMatchObject({ name: 'Home', color: null, archivedAt: null, createdAt: at });
    expect(project!.tasks.map((task) => [task.name, task.completedAt])).toEqual([
      ['Fix the leaking tap', null],
      ['Buy a new washer', null],
      ['Book the boiler service', at],
      ['Mow the lawn, front and back', null],
      ['Water the tomatoes @outside', null],
      ['Renew the car insurance', null],
    ]);
  });

  it('puts a file named Inbox into the inbox', () => {
    expect(document.inbox.map((task) => [task.name, task.completedAt])).toEqual([
      ['Call mum', null],
      ['Return the library books', at],
      ['Read “The Design of Everyday Things”', null],
    ]);
  });

  it('turns tasks repeating monthly on a day into automations, and no task of their own', () => {
    expect(
      document.automations.map(({ dayOfMonth, taskName, name }) => ({
        dayOfMonth,
        taskName,
        name,
      })),
    ).toEqual([
      { dayOfMonth: 15, taskName: 'Pay rent', name: 'Monthly on 15th add Pay rent in Execute' },
      {
        dayOfMonth: 1,
        taskName: 'Empty the compost bin',
        name: 'Monthly on 1st add Empty the compost bin in Execute',
      },
      { dayOfMonth: 28, taskName: 'Water bill', name: 'Monthly on 28th add Water bill in Execute' },
    ]);
    expect(JSON.stringify(document.projects)).not.toContain('Pay rent');
    expect(document.automationTasks).toEqual([]);
    expect(document.planned).toEqual([]);
  });

  it('says what it changed or left out', () => {
    expect(notes).toEqual([
      'Monthly tasks become automations that add them to Execute each month (3).',
      'Tasks repeating another way come in once, without repeating (2).',
      'Sections are left out; their tasks keep their order (2).',
      'Sub-tasks come in as tasks of their project (1).',
      'Comments are left out (1).',
      'Task descriptions are left out (1).',
    ]);
  });

  it('reads the day of the monthly repeats Todoist writes, and nothing else', () => {
    expect(monthlyDayOf('every month on the 15th')).toBe(15);
    expect(monthlyDayOf('Every month on the 3rd')).toBe(3);
    expect(monthlyDayOf('every 15th')).toBe(15);
    expect(monthlyDayOf('every 31')).toBe(31);
    expect(monthlyDayOf('ev 2nd')).toBe(2);
    for (const other of ['every 32nd', 'every day', 'every month', 'every monday', '15th', '']) {
      expect(monthlyDayOf(other), other).toBeNull();
    }
  });

  it('refuses a CSV that is not a Todoist export, naming the file', () => {
    expect(() => todoistCsvToDocument([{ name: 'tasks.csv', text: notTodoist }], now)).toThrow(
      new TodoistCsvError(
        'tasks.csv is not a Todoist CSV export: its first row must name the columns TYPE and CONTENT.',
      ),
    );
  });

  it('keeps names within the limits and drops characters names may not hold', () => {
    const long = 'x'.repeat(3000);
    const text = `TYPE,CONTENT,DATE\ntask,${long},\ntask,"Tab\u0007bell",\ntask,${'y'.repeat(150)},every 5th\n`;
    const { document: doc } = todoistCsvToDocument([{ name: `${'P'.repeat(120)}.csv`, text }], now);
    expect(doc.projects[0]!.name).toHaveLength(100);
    expect(doc.projects[0]!.tasks.map((task) => task.name.length)).toEqual([2048, 7]);
    expect(doc.automations[0]!.taskName).toHaveLength(100);
    expect(ExportDocumentSchema.safeParse(doc).success).toBe(true);
  });
});
