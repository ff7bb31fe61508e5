import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  compareDates,
  currentRunDate,
  isoDateOf,
  isRunDay,
  nextScheduledDate,
  parseIsoDate,
  runPeriodOf,
  upcomingRunDates,
  weekdayOf,
  type Schedule,
  daysInMonth,
  localDateAt,
  nextRunDate,
  periodOf,
  runDayInMonth,
  isValidTimeZone,
} from './dates.ts';

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const expectedLength = (year: number, month: number) =>
  [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;

describe('automation run day (spec §9)', () => {
  it('is the chosen day, or the last day of a shorter month, for every day and month', () => {
    for (const year of [2026, 2027, 2028, 2100, 2000]) {
      for (let month = 1; month <= 12; month++) {
        expect(daysInMonth(year, month)).toBe(expectedLength(year, month));
        for (let day = 1; day <= 31; day++) {
          const run = runDayInMonth(day, year, month);
          expect(run).toEqual({ year, month, day: Math.min(day, expectedLength(year, month)) });
        }
      }
    }
  });

  it('falls on 29 February in leap years and 28 in others', () => {
    expect(runDayInMonth(30, 2028, 2).day).toBe(29);
    expect(runDayInMonth(30, 2027, 2).day).toBe(28);
    expect(runDayInMonth(29, 2100, 2).day).toBe(28);
    expect(runDayInMonth(29, 2000, 2).day).toBe(29);
  });

  it('next run counts today, else moves to next month, across the year end', () => {
    for (let day = 1; day <= 31; day++) {
      const today = { year: 2026, month: 12, day: 15 };
      const next = nextRunDate(day, today);
      if (day >= 15) expect(next).toEqual({ year: 2026, month: 12, day });
      else expect(next).toEqual({ year: 2027, month: 1, day });
    }
    expect(nextRunDate(31, { year: 2027, month: 2, day: 28 })).toEqual({
      year: 2027,
      month: 2,
      day: 28,
    });
    expect(nextRunDate(30, { year: 2027, month: 1, day: 31 })).toEqual({
      year: 2027,
      month: 2,
      day: 28,
    });
    expect(nextRunDate(31, { year: 2028, month: 1, day: 31 })).toEqual({
      year: 2028,
      month: 1,
      day: 31,
    });
  });

  it('reads "today" in the user’s time zone, either side of UTC', () => {
    const instant = new Date('2026-11-30T23:30:00.000Z');
    expect(localDateAt(instant, 'UTC')).toEqual({ year: 2026, month: 11, day: 30 });
    expect(localDateAt(instant, 'Europe/Warsaw')).toEqual({ year: 2026, month: 12, day: 1 });
    expect(localDateAt(instant, 'America/Los_Angeles')).toEqual({ year: 2026, month: 11, day: 30 });
    expect(localDateAt(new Date('2026-12-01T05:00:00.000Z'), 'America/Los_Angeles')).toEqual({
      year: 2026,
      month: 11,
      day: 30,
    });
    expect(localDateAt(new Date('2026-11-30T11:00:00.000Z'), 'Pacific/Kiritimati')).toEqual({
      year: 2026,
      month: 12,
      day: 1,
    });
  });

  it('knows real time zones from made-up ones', () => {
    expect(isValidTimeZone('Europe/Warsaw')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('names the month of a run', () => {
    expect(periodOf({ year: 2026, month: 3 })).toBe('2026-03');
  });
});

describe('addMonths', () => {
  it('adds calendar months, clamping the day', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths('2026-11-22T10:00:00.000Z', 3)).toBe('2027-02-22T10:00:00.000Z');
    expect(addMonths('2026-11-22T10:00:00.000Z', 12)).toBe('2027-11-22T10:00:00.000Z');
  });
});

describe('schedules: monthly, weekly on chosen weekdays, daily (decision 026)', () => {
  const date = (text: string) => parseIsoDate(text)!;
  const monthly = (dayOfMonth: number): Schedule => ({ frequency: 'MONTHLY', dayOfMonth });
  const weekly = (...weekdays: number[]): Schedule => ({ frequency: 'WEEKLY', weekdays });
  const daily: Schedule = { frequency: 'DAILY' };

  it('knows the weekday of any date, Monday 1 to Sunday 7, across leap days and years', () => {
    expect(weekdayOf(date('2026-11-23'))).toBe(1);
    expect(weekdayOf(date('2026-11-22'))).toBe(7);
    expect(weekdayOf(date('2028-02-29'))).toBe(2);
    expect(weekdayOf(date('2000-01-01'))).toBe(6);
    // Seven days on is the same weekday, for every day of four years.
    let day = date('2026-01-01');
    for (let i = 0; i < 4 * 366; i++) {
      const next = addDays(day, 7);
      expect(weekdayOf(next)).toBe(weekdayOf(day));
      expect(addDays(next, -7)).toEqual(day);
      day = addDays(day, 1);
    }
  });

  it('adds days across month ends, year ends and leap days', () => {
    expect(addDays(date('2026-12-31'), 1)).toEqual(date('2027-01-01'));
    expect(addDays(date('2028-02-28'), 1)).toEqual(date('2028-02-29'));
    expect(addDays(date('2027-02-28'), 1)).toEqual(date('2027-03-01'));
    expect(addDays(date('2026-03-01'), -1)).toEqual(date('2026-02-28'));
  });

  it('counts calendar days, so a change of clocks never skips or doubles a day', () => {
    // Europe/Warsaw moves to summer time on 29 March 2026 and back on 25 October 2026.
    expect(addDays(date('2026-03-28'), 1)).toEqual(date('2026-03-29'));
    expect(addDays(date('2026-10-25'), 1)).toEqual(date('2026-10-26'));
    const zone = 'Europe/Warsaw';
    expect(localDateAt(new Date('2026-03-28T22:59:59Z'), zone)).toEqual(date('2026-03-28'));
    expect(localDateAt(new Date('2026-03-28T23:00:00Z'), zone)).toEqual(date('2026-03-29'));
    expect(localDateAt(new Date('2026-03-29T21:59:59Z'), zone)).toEqual(date('2026-03-29'));
    expect(localDateAt(new Date('2026-03-29T22:00:00Z'), zone)).toEqual(date('2026-03-30'));
    expect(localDateAt(new Date('2026-10-25T22:59:59Z'), zone)).toEqual(date('2026-10-25'));
    expect(localDateAt(new Date('2026-10-25T23:00:00Z'), zone)).toEqual(date('2026-10-26'));
    // A daily schedule has exactly one run date each day through both changes.
    const runs = upcomingRunDates(daily, date('2026-03-27'), 5).map(isoDateOf);
    expect(runs).toEqual(['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
  });

  it('gives each run one period: the month when monthly, the day otherwise', () => {
    expect(runPeriodOf(monthly(31), date('2026-02-28'))).toBe('2026-02');
    expect(runPeriodOf(weekly(1), date('2026-11-23'))).toBe('2026-11-23');
    expect(runPeriodOf(daily, date('2026-01-05'))).toBe('2026-01-05');
  });

  it('finds the next run date on the chosen weekdays, counting today', () => {
    const sunday = date('2026-11-22');
    expect(isoDateOf(nextScheduledDate(weekly(7), sunday))).toBe('2026-11-22');
    expect(isoDateOf(nextScheduledDate(weekly(1, 3), sunday))).toBe('2026-11-23');
    expect(isoDateOf(nextScheduledDate(weekly(6), sunday))).toBe('2026-11-28');
    expect(isoDateOf(nextScheduledDate(weekly(4), date('2026-12-30')))).toBe('2026-12-31');
    expect(isoDateOf(nextScheduledDate(weekly(5), date('2026-12-30')))).toBe('2027-01-01');
    expect(isoDateOf(nextScheduledDate(daily, sunday))).toBe('2026-11-22');
    expect(isoDateOf(nextScheduledDate(monthly(31), date('2027-02-01')))).toBe('2027-02-28');
  });

  it('lists monthly run dates with the month-end care, leap years included', () => {
    const runs = upcomingRunDates(monthly(31), date('2027-12-01'), 4).map(isoDateOf);
    expect(runs).toEqual(['2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31']);
    const weeklyRuns = upcomingRunDates(weekly(2, 5), date('2026-11-22'), 4).map(isoDateOf);
    expect(weeklyRuns).toEqual(['2026-11-24', '2026-11-27', '2026-12-01', '2026-12-04']);
  });

  it('has every weekday schedule run exactly on its weekdays over a year', () => {
    for (let mask = 1; mask < 128; mask += 9) {
      const weekdays = [1, 2, 3, 4, 5, 6, 7].filter((d) => mask & (1 << (d - 1)));
      const runs = upcomingRunDates(weekly(...weekdays), date('2026-01-01'), 52 * weekdays.length);
      expect(runs.every((run) => weekdays.includes(weekdayOf(run)))).toBe(true);
      for (let i = 1; i < runs.length; i++) {
        expect(compareDates(runs[i]!, runs[i - 1]!)).toBeGreaterThan(0);
        expect(compareDates(runs[i]!, addDays(runs[i - 1]!, 7))).toBeLessThanOrEqual(0);
      }
    }
  });

  it('finds the current run: monthly within its month only, weekly until the next run date', () => {
    expect(currentRunDate(monthly(25), date('2026-11-24'))).toBeNull();
    expect(isoDateOf(currentRunDate(monthly(25), date('2026-11-30'))!)).toBe('2026-11-25');
    expect(currentRunDate(monthly(25), date('2026-12-01'))).toBeNull();
    expect(isoDateOf(currentRunDate(monthly(31), date('2026-02-28'))!)).toBe('2026-02-28');
    expect(isoDateOf(currentRunDate(weekly(1), date('2026-11-29'))!)).toBe('2026-11-23');
    expect(isoDateOf(currentRunDate(weekly(1, 5), date('2026-11-29'))!)).toBe('2026-11-27');
    expect(isoDateOf(currentRunDate(daily, date('2026-11-29'))!)).toBe('2026-11-29');
  });

  it('reads only real dates', () => {
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDate('2026-13')).toBeNull();
    expect(parseIsoDate('2026-11')).toEqual({ year: 2026, month: 11, day: 1 });
    expect(parseIsoDate('2026-1-1')).toBeNull();
    expect(isRunDay(weekly(1), date('2026-11-23'))).toBe(true);
    expect(isRunDay(monthly(31), date('2026-11-30'))).toBe(true);
  });
});
