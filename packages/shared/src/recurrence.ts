import * as rruleModule from 'rrule';

// The package gives Node its CommonJS build (exports under `default`) and bundlers its ES modules.
const { RRule } = (
  'RRule' in rruleModule ? rruleModule : (rruleModule as { default: unknown }).default
) as typeof rruleModule;
type Rule = InstanceType<typeof RRule>;

/** A calendar date, as `dates.ts` has it (kept structural so neither module imports the other). */
interface Day {
  year: number;
  month: number;
  day: number;
}

/** "Every N …", counted from `startsOn` (YYYY-MM-DD); both absent for every single period. */
export interface Every {
  interval?: number | undefined;
  startsOn?: string | undefined;
}

/** When an automation runs: spec §3's MONTHLY, decision 026's weekly and daily, and decision 063's. */
export type Schedule = Every &
  (
    | { frequency: 'MONTHLY'; dayOfMonth: number }
    | { frequency: 'WEEKLY'; weekdays: readonly number[] }
    | { frequency: 'DAILY' }
    | { frequency: 'LAST_DAY_OF_MONTH' }
    /** `nth` 1–4 counts from the month's start, -1 is its last such weekday. */
    | { frequency: 'WEEKDAY_OF_MONTH'; nth: number; weekday: number }
    | { frequency: 'YEARLY'; month: number; dayOfMonth: number }
  );

/**
 * Whether the schedule's dates come from its RRULE: every kind decision 063 added, and every
 * "every N". The single-period MONTHLY, WEEKLY and DAILY keep their own rules (decision 026),
 * which the RRULE reproduces date for date (`recurrence.test.ts`).
 */
export const isRuleSchedule = (schedule: Schedule): boolean =>
  (schedule.interval ?? 1) > 1 || !['MONTHLY', 'WEEKLY', 'DAILY'].includes(schedule.frequency);

/** Whether a run's period is its month (monthly kinds) rather than its day. */
export const hasMonthPeriod = (schedule: Schedule): boolean =>
  ['MONTHLY', 'LAST_DAY_OF_MONTH', 'WEEKDAY_OF_MONTH'].includes(schedule.frequency);

const RRULE_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];

/**
 * A day above 28 falls back to the month's last day (spec §9): the latest of the days 28…day the
 * month has.
 */
const clampedDay = (day: number) =>
  day > 28
    ? { bymonthday: Array.from({ length: day - 27 }, (_, i) => 28 + i), bysetpos: -1 }
    : { bymonthday: day };

function ruleOptions(schedule: Schedule) {
  const interval = schedule.interval ?? 1;
  switch (schedule.frequency) {
    case 'DAILY':
      return { freq: RRule.DAILY, interval };
    case 'WEEKLY':
      return {
        freq: RRule.WEEKLY,
        interval,
        byweekday: schedule.weekdays.map((weekday) => RRULE_DAYS[weekday - 1]!),
      };
    case 'MONTHLY':
      return { freq: RRule.MONTHLY, interval, ...clampedDay(schedule.dayOfMonth) };
    case 'LAST_DAY_OF_MONTH':
      return { freq: RRule.MONTHLY, interval, bymonthday: -1 };
    case 'WEEKDAY_OF_MONTH':
      return {
        freq: RRule.MONTHLY,
        interval,
        byweekday: RRULE_DAYS[schedule.weekday - 1]!.nth(schedule.nth),
      };
    case 'YEARLY':
      return {
        freq: RRule.YEARLY,
        interval,
        bymonth: schedule.month,
        ...clampedDay(schedule.dayOfMonth),
      };
  }
}

const toDate = ({ year, month, day }: Day) => new Date(Date.UTC(year, month - 1, day));
const toDay = (date: Date): Day => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth() + 1,
  day: date.getUTCDate(),
});
const dayOfText = (text: string): Day => {
  const [year, month, day] = text.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};

/**
 * The rule to count with. An "every N" counts from its start; a rule of every period has no
 * phase, so any start before `near` gives the same dates, and one shortly before it keeps the
 * count short (looking back reaches a month at most).
 */
function ruleOf(schedule: Schedule, near: Day): Rule {
  const start =
    (schedule.interval ?? 1) > 1 && schedule.startsOn
      ? toDate(dayOfText(schedule.startsOn))
      : new Date(Date.UTC(near.year, near.month - 3, 1));
  return new RRule({ ...ruleOptions(schedule), wkst: RRule.MO, dtstart: start });
}

/**
 * The stored and exchanged form (RFC 5545): a DTSTART line for an "every N", then the RRULE.
 * `MONTHLY` on the 31st is `FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1`.
 */
export function iCalendarOf(schedule: Schedule): string {
  const { interval, ...options } = ruleOptions(schedule);
  const rule = RRule.optionsToString({ ...options, ...(interval > 1 ? { interval } : {}) });
  const start =
    (schedule.interval ?? 1) > 1 && schedule.startsOn
      ? `DTSTART;VALUE=DATE:${schedule.startsOn.replaceAll('-', '')}\n`
      : '';
  return `${start}${rule}`;
}

const DATE_LINE = /^DTSTART;VALUE=DATE:(\d{4})(\d{2})(\d{2})$/;

/**
 * Reads back what `iCalendarOf` wrote; null for anything else, so a rule the app cannot describe
 * is never run. Checking ranges is the trigger schema's (`automations.ts`).
 */
export function scheduleOfICalendar(text: string): Schedule | null {
  const lines = text.split('\n');
  const dateMatch = lines.length === 2 ? DATE_LINE.exec(lines[0]!) : null;
  if (lines.length > 2 || (lines.length === 2 && !dateMatch)) return null;
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(lines.at(-1)!.replace(/^RRULE:/, ''));
  } catch {
    return null;
  }
  const every: Every =
    (options.interval ?? 1) > 1
      ? {
          interval: options.interval!,
          ...(dateMatch ? { startsOn: `${dateMatch[1]}-${dateMatch[2]}-${dateMatch[3]}` } : {}),
        }
      : {};
  const candidate = readSchedule(options);
  if (!candidate) return null;
  const schedule = { ...candidate, ...every } as Schedule;
  return iCalendarOf(schedule) === text ? schedule : null;
}

type ParsedOptions = ReturnType<typeof RRule.parseString>;
const asList = <T>(value: T | T[] | null | undefined): T[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The kind an RRULE is; the round trip in `scheduleOfICalendar` rejects near misses. */
function readSchedule(options: ParsedOptions): Schedule | null {
  const monthDays = asList(options.bymonthday);
  const day = Math.max(...monthDays);
  const weekdays = asList(options.byweekday).map((value) =>
    typeof value === 'object' ? { weekday: value.weekday, n: value.n } : { weekday: -1, n: 0 },
  );
  switch (options.freq) {
    case RRule.DAILY:
      return { frequency: 'DAILY' };
    case RRule.WEEKLY:
      return { frequency: 'WEEKLY', weekdays: weekdays.map((w) => w.weekday + 1) };
    case RRule.MONTHLY:
      if (monthDays[0] === -1) return { frequency: 'LAST_DAY_OF_MONTH' };
      if (monthDays.length > 0) return { frequency: 'MONTHLY', dayOfMonth: day };
      if (weekdays.length !== 1 || !weekdays[0]!.n) return null;
      return {
        frequency: 'WEEKDAY_OF_MONTH',
        nth: weekdays[0]!.n,
        weekday: weekdays[0]!.weekday + 1,
      };
    case RRule.YEARLY: {
      const month = asList(options.bymonth)[0];
      return month ? { frequency: 'YEARLY', month, dayOfMonth: day } : null;
    }
    default:
      return null;
  }
}

const DAY_MS = 86_400_000;
/** How long a run of a day's period stays due when the next one is further away. */
const LONGEST_DUE_DAYS = 28;

/** The first run date on or after `from`. */
export function ruleNextDate(schedule: Schedule, from: Day): Day {
  const next = ruleOf(schedule, from).after(toDate(from), true);
  if (!next) throw new Error('A repeating rule always has a next date.');
  return toDay(next);
}

export const ruleIsRunDay = (schedule: Schedule, date: Day): boolean =>
  ruleOf(schedule, date).between(toDate(date), toDate(date), true).length > 0;

/**
 * The run current on `today`: the latest run date on or before it, while its period lasts — the
 * month for monthly kinds (as spec §9's MONTHLY), else until the next run date comes, at most
 * four weeks, so every current run is within the window the scheduler reads (`periodsSince`).
 */
export function ruleCurrentDate(schedule: Schedule, today: Day): Day | null {
  const latest = ruleOf(schedule, today).before(toDate(today), true);
  if (!latest) return null;
  const day = toDay(latest);
  if (hasMonthPeriod(schedule))
    return day.year === today.year && day.month === today.month ? day : null;
  return toDate(today).getTime() - latest.getTime() < LONGEST_DUE_DAYS * DAY_MS ? day : null;
}

/** The run dates from `from` on, in order (at most `count`). */
export function ruleUpcomingDates(schedule: Schedule, from: Day, count: number): Day[] {
  const farEnough = toDate({ year: from.year + 200, month: 1, day: 1 });
  return ruleOf(schedule, from)
    .between(toDate(from), farEnough, true, (_date, index) => index < count)
    .map(toDay);
}
