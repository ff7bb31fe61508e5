import type { Automation } from '@hustle/shared/automations';
import { todayIn } from '@hustle/shared/days';
import { aProject, aTask, aWorkspace } from '@hustle/shared/testing/workspace-fixture';
import { describe, expect, it } from 'vitest';
import { neighbourDay, upcomingDays, upcomingWindow, UPCOMING_LENGTH } from './upcoming-days.ts';

const TODAY = '2026-11-27'; // a Friday
const planned = (id: string, plannedFor: string | null, extra = {}) =>
  aTask(id, { planned: true, state: 'PLANNED', plannedFor, ...extra });

const anAutomation = (id: string, trigger: Automation['trigger'], extra = {}): Automation => ({
  id,
  name: `${id} automation`,
  trigger,
  steps: [{ type: 'TASK', payload: { taskName: `${id} task` } }],
  status: 'ON',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const tasksOf = (days: ReturnType<typeof upcomingDays>) =>
  Object.fromEntries(
    days.filter((day) => day.tasks.length > 0).map((day) => [day.day, day.tasks.map((t) => t.id)]),
  );

describe('upcomingDays (issue 29)', () => {
  it('shows today and the 13 days after it, across a month end', () => {
    const window = upcomingWindow(TODAY);
    expect(window).toHaveLength(UPCOMING_LENGTH);
    expect(window[0]).toBe(TODAY);
    expect(window.slice(3, 6)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(window.at(-1)).toBe('2026-12-10');
  });

  it('groups the open planned tasks by day, each day in the list order', () => {
    const workspace = aWorkspace({
      tasks: [
        planned('a', '2026-11-28'),
        planned('b', TODAY),
        planned('c', '2026-11-28'),
        planned('done', '2026-11-28', { completedAt: '2026-11-27T09:00:00.000Z' }),
      ],
      projects: [aProject('p1', 'Work', { tasks: [planned('d', '2026-12-03')] })],
      plannedTasks: ['c', 'b', 'd', 'a', 'done'],
    });
    const days = upcomingDays(workspace, [], TODAY);
    expect(tasksOf(days)).toEqual({
      [TODAY]: ['b'],
      '2026-11-28': ['c', 'a'],
      '2026-12-03': ['d'],
    });
    expect(days.find((day) => day.day === '2026-12-03')!.tasks[0]).toMatchObject({
      label: 'Work',
      color: '#3366ff',
    });
  });

  it('leaves out days past the window, and counts a task with no day or a past day as today', () => {
    const workspace = aWorkspace({
      tasks: [
        planned('later', '2026-12-11'),
        planned('last', '2026-12-10'),
        planned('nodate', null),
        planned('yesterday', '2026-11-26'),
      ],
      plannedTasks: ['later', 'last', 'nodate', 'yesterday'],
    });
    expect(tasksOf(upcomingDays(workspace, [], TODAY))).toEqual({
      [TODAY]: ['nodate', 'yesterday'],
      '2026-12-10': ['last'],
    });
  });

  it('puts open tasks’ deadlines on their day, within the window only', () => {
    const workspace = aWorkspace({
      tasks: [
        aTask('due', { deadline: '2026-11-30' }),
        aTask('late', { deadline: '2026-11-20' }),
        aTask('far', { deadline: '2026-12-25' }),
        aTask('closed', { deadline: '2026-11-30', completedAt: '2026-11-27T09:00:00.000Z' }),
      ],
    });
    const days = upcomingDays(workspace, [], TODAY);
    const withDeadlines = days.filter((day) => day.deadlines.length > 0);
    expect(withDeadlines.map((day) => [day.day, day.deadlines.map((d) => d.taskId)])).toEqual([
      ['2026-11-30', ['due']],
    ]);
    expect(withDeadlines[0]!.deadlines[0]).toEqual({ taskId: 'due', name: 'due' });
  });

  it('puts each automation run on its days by its schedule; a paused one has none', () => {
    const automations = [
      anAutomation('rent', { frequency: 'MONTHLY', dayOfMonth: 1 }),
      anAutomation('gym', { frequency: 'WEEKLY', weekdays: [1, 3] }),
      anAutomation('paused', { frequency: 'DAILY' }, { status: 'PAUSED' }),
    ];
    const days = upcomingDays(aWorkspace(), automations, TODAY);
    const runs = days
      .filter((day) => day.runs.length > 0)
      .map((day) => [day.day, day.runs.map((run) => run.taskName)]);
    expect(runs).toEqual([
      ['2026-11-30', ['gym task']],
      ['2026-12-01', ['rent task']],
      ['2026-12-02', ['gym task']],
      ['2026-12-07', ['gym task']],
      ['2026-12-09', ['gym task']],
    ]);
  });

  it('takes its today from the user’s time zone, not the browser’s', () => {
    // 23:30 in UTC on the 27th is already the 28th in Warsaw: tomorrow there is the 29th.
    const today = todayIn('2026-11-27T23:30:00.000Z', 'Europe/Warsaw');
    const workspace = aWorkspace({
      tasks: [planned('a', '2026-11-28'), planned('b', '2026-11-29')],
      plannedTasks: ['a', 'b'],
      days: {
        timeZone: 'Europe/Warsaw',
        carryOverTo: 'top',
        backToInboxAfter: null,
        capacity: [360, 360, 360, 360, 360, 360, 360],
        planNudgeAt: null,
        finishNudgeAt: null,
      },
    });
    const days = upcomingDays(workspace, [], today);
    expect(days[0]).toMatchObject({ day: '2026-11-28', tasks: [{ id: 'a' }] });
    expect(days[1]).toMatchObject({ day: '2026-11-29', tasks: [{ id: 'b' }] });
  });
});

describe('neighbourDay', () => {
  it('steps a day either way within the window, and not past its ends', () => {
    expect(neighbourDay('2026-11-28', 1, TODAY)).toBe('2026-11-29');
    expect(neighbourDay('2026-11-28', -1, TODAY)).toBe(TODAY);
    expect(neighbourDay(TODAY, -1, TODAY)).toBeNull();
    expect(neighbourDay('2026-12-10', 1, TODAY)).toBeNull();
  });
});
