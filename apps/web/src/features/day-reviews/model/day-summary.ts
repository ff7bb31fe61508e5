import { addDaysTo, todayIn } from '@hustle/shared/days';
import type { DayMove } from '@hustle/shared/day-reviews';
import type { WorkspaceResponse } from '@hustle/shared/workspace';

/** A task as the finish dialog shows it: the Execute list's rows fit it. */
export interface DayTask {
  id: string;
  name: string;
  /** Its project's name, or where it lives ('New task', 'Automation'). */
  label: string;
  completedAt: string | null;
  /** Minutes; null without an estimate. */
  estimate: number | null;
  actualSeconds: number;
}

export interface DaySummary {
  /** Tasks completed on the day. */
  done: number;
  /** Minutes spent on them, and what was estimated for those that had an estimate. */
  spentMinutes: number;
  estimatedMinutes: number;
}

/** What was done on `day` (where the user is), of the completed tasks the list holds. */
export function summariseDay(
  completed: readonly DayTask[],
  day: string,
  timeZone: string,
): DaySummary {
  let done = 0;
  let spent = 0;
  let estimated = 0;
  for (const task of completed) {
    if (task.completedAt === null || todayIn(task.completedAt, timeZone) !== day) continue;
    done += 1;
    spent += task.actualSeconds;
    estimated += task.estimate ?? 0;
  }
  return { done, spentMinutes: Math.round(spent / 60), estimatedMinutes: estimated };
}

/** Where an unfinished task goes: the day after, a day the user picks, or back to planning. */
export type CarryChoice = { kind: 'tomorrow' } | { kind: 'inbox' } | { kind: 'day'; day: string };

/** The moves a finish sends: one per unfinished task, in the list's order. */
export function movesOf(
  open: readonly DayTask[],
  choices: ReadonlyMap<string, CarryChoice>,
  day: string,
): DayMove[] {
  const tomorrow = addDaysTo(day, 1);
  return open.map((task) => {
    const choice = choices.get(task.id) ?? { kind: 'tomorrow' };
    if (choice.kind === 'inbox') return { taskId: task.id, to: null };
    return { taskId: task.id, to: choice.kind === 'day' ? choice.day : tomorrow };
  });
}

/** Whether the user finished `day` already (the newest finished day is it, or later). */
export const isDayFinished = (workspace: Pick<WorkspaceResponse, 'dayReview'>, day: string) =>
  workspace.dayReview !== null && workspace.dayReview.day >= day;

/** The note to show at the top of `day`'s plan: the one written when the day before was finished. */
export function noteForDay(
  workspace: Pick<WorkspaceResponse, 'dayReview'>,
  day: string,
): string | null {
  const review = workspace.dayReview;
  if (!review || review.note === '' || addDaysTo(review.day, 1) !== day) return null;
  return review.note;
}
