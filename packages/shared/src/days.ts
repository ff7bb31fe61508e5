/**
 * Days (issue 29): a planned task is planned for a date in its user's time zone, a task may have
 * a deadline date, and what was planned and not done moves to today when the day ends. The
 * server and every browser run these same functions, so they agree on what today holds, offline
 * too. Standalone on purpose: the screens' first script runs it and carries no date library
 * and no schemas (decision 016); the schemas are in day-schemas.ts.
 */

/** A calendar date, 'YYYY-MM-DD', meant in the user's time zone. */
export type Day = string;

/** How far from today a planned day or a deadline may be: further is a typing mistake. */
export const DAY_RANGE_YEARS = 5;

/** How many carry-overs at most a task may wait for before it goes back (the setting's range). */
export const BACK_TO_INBOX_MAX = 30;

export const CARRY_OVER_PLACES = ['top', 'bottom'] as const;
export type CarryOverPlace = (typeof CARRY_OVER_PLACES)[number];

const DAY_FORM = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Milliseconds of the day's UTC midnight, or null when the text is no such date. */
function utcOf(day: string): number | null {
  const match = DAY_FORM.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  // 2026-02-30 rolls over to March: a date that does not come back as written does not exist.
  const exists =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === date;
  return exists && year >= 1000 ? ms : null;
}

const dayOfUtc = (ms: number): Day => new Date(ms).toISOString().slice(0, 10);

export const isDay = (text: string): boolean => utcOf(text) !== null;

/** Calendar arithmetic: a day is a day whatever the clocks do on it (summer time). */
export const addDaysTo = (day: Day, days: number): Day => dayOfUtc(utcOf(day)! + days * DAY_MS);

/** Whole days from `from` to `to`: 1 from today to tomorrow, negative into the past. */
export const daysBetween = (from: Day, to: Day): number =>
  Math.round((utcOf(to)! - utcOf(from)!) / DAY_MS);

/** 1 (Monday) … 7 (Sunday). */
export const weekdayOfDay = (day: Day): number => ((new Date(utcOf(day)!).getUTCDay() + 6) % 7) + 1;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The date it is at `instant` where the user is. Throws RangeError for an unknown time zone. */
export function todayIn(instant: Date | string, timeZone: string): Day {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** '09:05': the time of day at `instant` where the user is, on the app's 24-hour clock. */
export function clockTimeIn(instant: Date | string, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock.format(new Date(instant));
}

export function isTimeZone(timeZone: string): boolean {
  try {
    todayIn(new Date(0), timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Whether a day lies within DAY_RANGE_YEARS of today, either way. */
export function isWithinRange(day: Day, today: Day): boolean {
  const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  // 29 February five years on is no date; its range ends on the 28th, which sorts before it.
  return day >= `${year - DAY_RANGE_YEARS}${rest}` && day <= `${year + DAY_RANGE_YEARS}${rest}`;
}

/** A user's day settings: where their days begin and end, and what carry-over does. */
export interface DaySettings {
  timeZone: string;
  /** Where carried-over tasks go in today's order. */
  carryOverTo: CarryOverPlace;
  /** After this many carry-overs a task goes back to the inbox (or its project); null: never. */
  backToInboxAfter: number | null;
  /** Minutes of work each weekday holds, Monday first (issue 30); 0 is a day off. */
  capacity: number[];
  /** The daily nudges' local times, "HH:MM" (decision 084); null: off. */
  planNudgeAt: string | null;
  finishNudgeAt: string | null;
}

/** Every weekday holds 6 hours unless the user says otherwise (issue 30). */
export const DEFAULT_CAPACITY_MINUTES = 6 * 60;
/** The most a day can hold: 16 hours. */
export const CAPACITY_MAX = 16 * 60;

export const DEFAULT_DAY_SETTINGS: Omit<DaySettings, 'timeZone'> = {
  carryOverTo: 'top',
  backToInboxAfter: null,
  capacity: Array.from({ length: 7 }, () => DEFAULT_CAPACITY_MINUTES),
  planNudgeAt: null,
  finishNudgeAt: null,
};

/** One row of a workspace's planned list as carry-over reads it, in the list's order. */
export interface PlannedDayEntry {
  taskId: string;
  day: Day;
  carried: number;
  done: boolean;
}

export interface CarryOverResult {
  /** Tasks moved to today, in their order on the list, each with its new count. */
  moved: { taskId: string; carried: number }[];
  /** Tasks carried over once too often: off the planned list, back where they came from. */
  unplanned: string[];
}

/**
 * The carry-over rule (issue 29): an open task planned for a day before `today` moves to today,
 * its count grown by the days it was carried across (so the count is the same whenever and
 * wherever the rule runs: at midnight, or days later when a device next looks); past the
 * setting's limit it leaves the list. Completed tasks keep their day. Running it again changes
 * nothing, and a `today` earlier than before (the user flew west) moves nothing back.
 */
export function carryOver(
  list: readonly PlannedDayEntry[],
  today: Day,
  settings: Pick<DaySettings, 'backToInboxAfter'>,
): CarryOverResult {
  const result: CarryOverResult = { moved: [], unplanned: [] };
  for (const entry of list) {
    if (entry.done || entry.day >= today) continue;
    const carried = entry.carried + daysBetween(entry.day, today);
    const limit = settings.backToInboxAfter;
    if (limit !== null && carried >= limit) result.unplanned.push(entry.taskId);
    else result.moved.push({ taskId: entry.taskId, carried });
  }
  return result;
}

/** Whether carry-over has anything to do: an open task planned for a day before today. */
export const needsCarryOver = (list: readonly PlannedDayEntry[], today: Day): boolean =>
  list.some((entry) => !entry.done && entry.day < today);

/**
 * The list's order after a carry-over: the moved tasks, in their order, at the top or the
 * bottom; the unplanned ones gone; the rest as they were.
 */
export function orderAfterCarryOver(
  order: readonly string[],
  result: CarryOverResult,
  place: CarryOverPlace,
): string[] {
  const moved = result.moved.map((entry) => entry.taskId);
  const leaving = new Set([...moved, ...result.unplanned]);
  const rest = order.filter((id) => !leaving.has(id));
  return place === 'top' ? [...moved, ...rest] : [...rest, ...moved];
}
