import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

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

export const isValidTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};
