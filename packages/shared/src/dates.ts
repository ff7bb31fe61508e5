import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import {
  hasMonthPeriod,
  isRuleSchedule,
  ruleCurrentDate,
  ruleIsRunDay,
  ruleNextDate,
  ruleUpcomingDates,
  type Schedule,
} from './recurrence.ts';

export type { Schedule };

dayjs.extend(utc);
dayjs.extend(timezone);

/** A calendar date without a time zone: what a person means by "the 31st". */
export interface LocalDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Adds calendar months to an instant, keeping the day where the month allows (31 Jan + 1 = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  return dayjs.utc(iso).add(months, 'month').toISOString();
}

/** spec §9: days above 28 fall back to the last day of shorter months. */
export function runDayInMonth(dayOfMonth: number, year: number, month: number): LocalDate {
  return { year, month, day: Math.min(dayOfMonth, daysInMonth(year, month)) };
}

/** Today's date where the user is. */
export function localDateAt(instant: Date, timeZone: string): LocalDate {
  const local = dayjs(instant).tz(timeZone);
  return { year: local.year(), month: local.month() + 1, day: local.date() };
}

/** 'YYYY-MM': the month an automation run belongs to. */
export const periodOf = (date: Pick<LocalDate, 'year' | 'month'>): string =>
  `${date.year}-${String(date.month).padStart(2, '0')}`;

const nextMonth = ({ year, month }: Pick<LocalDate, 'year' | 'month'>) =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };

/**
 * The next day a monthly automation fires, counting today: this month's run day if it has not
 * passed, else next month's.
 */
export function nextRunDate(dayOfMonth: number, today: LocalDate): LocalDate {
  const thisMonth = runDayInMonth(dayOfMonth, today.year, today.month);
  if (thisMonth.day >= today.day) return thisMonth;
  const { year, month } = nextMonth(today);
  return runDayInMonth(dayOfMonth, year, month);
}

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const toUtc = (date: LocalDate) => Date.UTC(date.year, date.month - 1, date.day);
const fromUtc = (ms: number): LocalDate => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};
const DAY_MS = 86_400_000;

/**
 * Calendar arithmetic on dates, not instants: a day is a day whatever the clocks do, so a change
 * to or from summer time never skips or doubles one.
 */
export const addDays = (date: LocalDate, days: number): LocalDate =>
  fromUtc(toUtc(date) + days * DAY_MS);

export const compareDates = (a: LocalDate, b: LocalDate): number => toUtc(a) - toUtc(b);

/** 1 (Monday) … 7 (Sunday). */
export const weekdayOf = (date: LocalDate): Weekday =>
  (((new Date(toUtc(date)).getUTCDay() + 6) % 7) + 1) as Weekday;

/** 'YYYY-MM-DD'. */
export const isoDateOf = (date: LocalDate): string =>
  `${periodOf(date)}-${String(date.day).padStart(2, '0')}`;

/** Reads 'YYYY-MM-DD' (or 'YYYY-MM', as its first day); null when it is no such date. */
export function parseIsoDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 1)];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/**
 * The period a run belongs to, which is what makes it happen once: the month ('YYYY-MM') for the
 * monthly kinds, the day ('YYYY-MM-DD') for the others.
 */
export const runPeriodOf = (schedule: Schedule, runDate: LocalDate): string =>
  hasMonthPeriod(schedule) ? periodOf(runDate) : isoDateOf(runDate);

export function isRunDay(schedule: Schedule, date: LocalDate): boolean {
  if (isRuleSchedule(schedule)) return ruleIsRunDay(schedule, date);
  switch (schedule.frequency) {
    case 'MONTHLY':
      return runDayInMonth(schedule.dayOfMonth, date.year, date.month).day === date.day;
    case 'WEEKLY':
      return schedule.weekdays.includes(weekdayOf(date));
    default:
      // DAILY: the other kinds are rules.
      return true;
  }
}

/** The first run date on or after `from`. Every schedule has one within a month. */
export function nextScheduledDate(schedule: Schedule, from: LocalDate): LocalDate {
  if (isRuleSchedule(schedule)) return ruleNextDate(schedule, from);
  if (schedule.frequency === 'MONTHLY') return nextRunDate(schedule.dayOfMonth, from);
  for (let offset = 0; offset < 7; offset++) {
    const date = addDays(from, offset);
    if (isRunDay(schedule, date)) return date;
  }
  throw new Error('A weekly schedule needs at least one weekday.');
}

/**
 * The run that is current on `today`, if one has come: the latest run date on or before today
 * still in its period's reach. A monthly run stays current until its month ends (decision 005);
 * a weekly or daily one until the next run date comes (decision 063 for the other kinds). An older
 * run missed entirely is not made up.
 */
export function currentRunDate(schedule: Schedule, today: LocalDate): LocalDate | null {
  if (isRuleSchedule(schedule)) return ruleCurrentDate(schedule, today);
  if (schedule.frequency === 'MONTHLY') {
    const runDate = runDayInMonth(schedule.dayOfMonth, today.year, today.month);
    return runDate.day <= today.day ? runDate : null;
  }
  for (let offset = 0; offset < 7; offset++) {
    const date = addDays(today, -offset);
    if (isRunDay(schedule, date)) return date;
  }
  return null;
}

/** The run dates from `from` on, in order (at most `count`). */
export function upcomingRunDates(schedule: Schedule, from: LocalDate, count: number): LocalDate[] {
  if (isRuleSchedule(schedule)) return ruleUpcomingDates(schedule, from, count);
  const dates: LocalDate[] = [];
  let next = nextScheduledDate(schedule, from);
  while (dates.length < count) {
    dates.push(next);
    next = nextScheduledDate(schedule, addDays(next, 1));
  }
  return dates;
}

export const isValidTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};
