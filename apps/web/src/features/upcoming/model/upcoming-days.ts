import type { Automation } from '@hustle/shared/automations';
import { isRunDay, parseIsoDate } from '@hustle/shared/dates';
import { addDaysTo } from '@hustle/shared/days';
import { capacityOf, loadOf, type DayLoad } from '@hustle/shared/estimates';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import {
  executeItemOf,
  rowSettingOf,
  taskSources,
  type ExecuteItem,
  type TaskSource,
} from '../../execute/model/execute-list.ts';

/** How far Upcoming looks ahead (issue 29): today and the 13 days after it. */
export const UPCOMING_LENGTH = 14;

/** An automation that adds its task on a day: shown muted, it is no task yet. */
export interface UpcomingRun {
  automationId: string;
  name: string;
  taskName: string;
}

/** A task due on a day, wherever it is planned (the deadline is the task's own). */
export interface UpcomingDeadline {
  taskId: string;
  name: string;
}

export interface UpcomingDay {
  day: string;
  /** Its open planned tasks, in the list's order. */
  tasks: ExecuteItem[];
  runs: UpcomingRun[];
  deadlines: UpcomingDeadline[];
  /** Its open tasks' estimates against its capacity (issue 30). */
  load: DayLoad;
}

/** The days Upcoming shows, today first. */
export const upcomingWindow = (today: string): string[] =>
  Array.from({ length: UPCOMING_LENGTH }, (_, offset) => addDaysTo(today, offset));

/**
 * The next 14 days out of the copy (decision 061): each day's open planned tasks in the planned
 * list's one order, the automations due to run on it, and the deadlines falling on it. Days are
 * the user's calendar days ('YYYY-MM-DD' in their time zone, `today` from the shared rule), so
 * nothing here depends on the browser's own zone. A task with no day is today's (decision 060).
 */
export function upcomingDays(
  workspace: WorkspaceResponse,
  automations: readonly Automation[],
  today: string,
): UpcomingDay[] {
  const days = upcomingWindow(today);
  const last = days[days.length - 1]!;
  const byDay = new Map<string, UpcomingDay>(
    days.map((day) => [
      day,
      {
        day,
        tasks: [],
        runs: [],
        deadlines: [],
        load: loadOf([], capacityOf(workspace.days.capacity, day)),
      },
    ]),
  );
  const sources = taskSources(workspace);
  const setting = rowSettingOf(workspace, today);

  const seen = new Set<string>();
  for (const id of workspace.plannedTasks) {
    const source = sources.get(id);
    if (!source || seen.has(id) || source.task.completedAt !== null) continue;
    seen.add(id);
    // A day already over is today's until the carry-over has run on the copy.
    const planned = source.task.plannedFor;
    const day = planned === null || planned < today ? today : planned;
    byDay.get(day)?.tasks.push(executeItemOf(source, setting));
  }

  for (const source of sources.values()) {
    const due = dueIn(source, today, last);
    if (due) byDay.get(due)?.deadlines.push(deadlineOf(source));
  }

  for (const automation of automations) {
    if (automation.status !== 'ON') continue;
    const run: UpcomingRun = {
      automationId: automation.id,
      name: automation.name,
      taskName: automation.steps[0]?.payload.taskName ?? automation.name,
    };
    for (const day of days) {
      const date = parseIsoDate(day);
      if (date && isRunDay(automation.trigger, date)) byDay.get(day)!.runs.push(run);
    }
  }
  return days.map((day) => {
    const found = byDay.get(day)!;
    const tasks = found.tasks.map((item) => ({ estimate: item.estimate, done: false }));
    return { ...found, load: loadOf(tasks, found.load.capacity) };
  });
}

/** The deadline of an open task when it falls within the window. */
function dueIn({ task }: TaskSource, today: string, last: string): string | null {
  const { deadline } = task;
  if (deadline === null || task.completedAt !== null) return null;
  return deadline >= today && deadline <= last ? deadline : null;
}

const deadlineOf = ({ task }: TaskSource): UpcomingDeadline => ({
  taskId: task.id,
  name: task.name,
});

/**
 * The day a keyboard move goes to: the day before or after, within the window. Null at either
 * end (nothing is planned for a day already over, nor out of sight).
 */
export function neighbourDay(day: string, step: 1 | -1, today: string): string | null {
  const next = addDaysTo(day, step);
  const window = upcomingWindow(today);
  return window.includes(next) ? next : null;
}
