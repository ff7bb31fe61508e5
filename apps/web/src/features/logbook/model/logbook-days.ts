import { daysBetween, type Day } from '@hustle/shared/days';
import { formatMinutes } from '@hustle/shared/estimates';
import type { LogbookDay, LogbookPage, LogbookTotals } from '@hustle/shared/logbook';

/** A day as the logbook shows it: all of its tasks read so far, with its whole day's totals. */
export type LogbookDayShown = LogbookDay;

/**
 * The pages read so far as one list of days: a day that goes on in the next page is one day,
 * its tasks in order (its totals are the whole day's in either page; the later read's are kept).
 */
export function mergeLogbookPages(pages: readonly LogbookPage[]): LogbookDayShown[] {
  const days: LogbookDayShown[] = [];
  for (const page of pages) {
    for (const day of page.days) {
      const last = days.at(-1);
      if (last?.day === day.day) {
        days[days.length - 1] = { ...day, tasks: [...last.tasks, ...day.tasks] };
      } else {
        days.push(day);
      }
    }
  }
  return days;
}

const utc = { timeZone: 'UTC' } as const;
const withWeekday = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  ...utc,
});
const dayAndMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', ...utc });
const shortDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', ...utc });
const atMidnight = (day: Day) => new Date(`${day}T00:00:00.000Z`);

/** A day's heading: 'Today', 'Yesterday', 'Wednesday 25 November', a year ago with its year. */
export function logbookHeading(day: Day, today: Day): string {
  const ago = daysBetween(day, today);
  if (ago === 0) return 'Today';
  if (ago === 1) return 'Yesterday';
  const at = atMidnight(day);
  return day.slice(0, 4) === today.slice(0, 4)
    ? withWeekday.format(at)
    : `${shortDay.format(at)} ${dayAndMonth.format(at)} ${day.slice(0, 4)}`;
}

/** A week's dates: '23 – 29 November 2026', '30 November – 6 December 2026'. */
export function weekRange(start: Day, end: Day): string {
  const [from, to] = [atMidnight(start), atMidnight(end)];
  const year = end.slice(0, 4);
  if (start.slice(0, 7) === end.slice(0, 7)) {
    return `${from.getUTCDate()} – ${dayAndMonth.format(to)} ${year}`;
  }
  const startYear = start.slice(0, 4) === year ? '' : ` ${start.slice(0, 4)}`;
  return `${dayAndMonth.format(from)}${startYear} – ${dayAndMonth.format(to)} ${year}`;
}

/** 'Mon', 'Tue' … of days. */
export const shortDayNames = (days: readonly Day[]) =>
  days.map((day) => shortDay.format(atMidnight(day)));

const seconds = (value: number) => formatMinutes(value / 60);

/** How many tasks: '1 task', '12 tasks', '10,000+ tasks' when the count stopped. */
export const tasksDone = (totals: Pick<LogbookTotals, 'done' | 'isCapped'>) =>
  `${totals.done.toLocaleString('en-GB')}${totals.isCapped ? '+' : ''} ${totals.done === 1 ? 'task' : 'tasks'}`;

/** A day's totals in one line, each part only when there is something to say. */
export function totalsLine(totals: LogbookTotals): string {
  const parts = [`${tasksDone(totals)} done`];
  if (totals.focusedSeconds > 0) parts.push(`${seconds(totals.focusedSeconds)} focused`);
  if (totals.estimatedTasks > 0) {
    parts.push(
      `${seconds(totals.actualSeconds)} taken of ${formatMinutes(totals.estimatedMinutes)} estimated`,
    );
  }
  return parts.join(' · ');
}

/** Estimate accuracy as a percentage of the estimates: '112%'; null when nothing had both. */
export const accuracyPercent = (accuracy: number | null): string | null =>
  accuracy === null ? null : `${Math.round(accuracy * 100)}%`;

/** A task's time beside its estimate: '25 min of 1 h', '40 min', '1 h estimated', or nothing. */
export function taskTime(task: { estimate: number | null; actualSeconds: number }): string | null {
  const spent = task.actualSeconds > 0 ? seconds(task.actualSeconds) : null;
  if (task.estimate === null) return spent;
  return spent
    ? `${spent} of ${formatMinutes(task.estimate)}`
    : `${formatMinutes(task.estimate)} estimated`;
}
