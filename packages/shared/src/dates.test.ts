import { describe, expect, it } from 'vitest';
import {
  addMonths,
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
