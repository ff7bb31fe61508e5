import { describe, expect, it } from 'vitest';
import {
  addDays,
  currentRunDate,
  isoDateOf,
  isRunDay,
  nextScheduledDate,
  parseIsoDate,
  runPeriodOf,
  upcomingRunDates,
  type LocalDate,
} from './dates.ts';
import {
  iCalendarOf,
  isRuleSchedule,
  ruleCurrentDate,
  ruleIsRunDay,
  ruleNextDate,
  scheduleOfICalendar,
  type Schedule,
} from './recurrence.ts';

const day = (text: string): LocalDate => parseIsoDate(text)!;
const dates = (schedule: Schedule, from: string, count: number) =>
  upcomingRunDates(schedule, day(from), count).map(isoDateOf);

describe('the RRULE of each kept kind gives the same dates as its own rule', () => {
  const kept: Schedule[] = [
    ...Array.from({ length: 31 }, (_, i) => ({ frequency: 'MONTHLY' as const, dayOfMonth: i + 1 })),
    { frequency: 'WEEKLY', weekdays: [1, 4] },
    { frequency: 'WEEKLY', weekdays: [7] },
    { frequency: 'DAILY' },
  ];

  it('over a year of days around a leap day', () => {
    for (const schedule of kept) {
      expect(isRuleSchedule(schedule)).toBe(false);
      for (let date = day('2027-11-20'); date.year < 2029; date = addDays(date, 11)) {
        expect(ruleNextDate(schedule, date)).toEqual(nextScheduledDate(schedule, date));
        expect(ruleIsRunDay(schedule, date)).toBe(isRunDay(schedule, date));
        if (schedule.frequency === 'MONTHLY')
          expect(ruleCurrentDate(schedule, date)).toEqual(currentRunDate(schedule, date));
      }
    }
  });
});

describe('the kinds decision 063 adds', () => {
  it('the first Monday and the last Friday of the month', () => {
    const firstMonday: Schedule = { frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 1 };
    expect(dates(firstMonday, '2026-11-27', 3)).toEqual(['2026-12-07', '2027-01-04', '2027-02-01']);
    const lastFriday: Schedule = { frequency: 'WEEKDAY_OF_MONTH', nth: -1, weekday: 5 };
    expect(dates(lastFriday, '2026-11-27', 3)).toEqual(['2026-11-27', '2026-12-25', '2027-01-29']);
  });

  it('the last day of every month, February of leap years too', () => {
    const lastDay: Schedule = { frequency: 'LAST_DAY_OF_MONTH' };
    expect(dates(lastDay, '2028-01-31', 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(isRunDay(lastDay, day('2027-02-28'))).toBe(true);
    expect(isRunDay(lastDay, day('2027-03-30'))).toBe(false);
  });

  it('every year on a day; 29 February falls back to the 28th in other years', () => {
    expect(dates({ frequency: 'YEARLY', month: 12, dayOfMonth: 3 }, '2026-12-04', 2)).toEqual([
      '2027-12-03',
      '2028-12-03',
    ]);
    expect(dates({ frequency: 'YEARLY', month: 2, dayOfMonth: 29 }, '2027-01-01', 2)).toEqual([
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('every N days, weeks and months counts from its start', () => {
    const start = { interval: 2, startsOn: '2026-11-25' }; // a Wednesday
    expect(dates({ frequency: 'WEEKLY', weekdays: [1, 4], ...start }, '2026-11-20', 4)).toEqual([
      '2026-11-26',
      '2026-12-07',
      '2026-12-10',
      '2026-12-21',
    ]);
    expect(
      dates({ frequency: 'DAILY', interval: 3, startsOn: '2026-11-25' }, '2026-11-27', 2),
    ).toEqual(['2026-11-28', '2026-12-01']);
    expect(
      dates(
        { frequency: 'MONTHLY', dayOfMonth: 31, interval: 3, startsOn: '2026-11-01' },
        '2026-11-01',
        3,
      ),
    ).toEqual(['2026-11-30', '2027-02-28', '2027-05-31']);
  });

  it('keeps a monthly kind due until its month ends, a daily kind until the next run', () => {
    const firstMonday: Schedule = { frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 1 };
    expect(currentRunDate(firstMonday, day('2026-12-31'))).toEqual(day('2026-12-07'));
    expect(currentRunDate(firstMonday, day('2027-01-03'))).toBeNull();
    expect(runPeriodOf(firstMonday, day('2026-12-07'))).toBe('2026-12');
    const yearly: Schedule = { frequency: 'YEARLY', month: 12, dayOfMonth: 3 };
    expect(runPeriodOf(yearly, day('2026-12-03'))).toBe('2026-12-03');
    expect(currentRunDate(yearly, day('2026-12-30'))).toEqual(day('2026-12-03'));
    // No longer than four weeks, so the run is still among those the scheduler reads.
    expect(currentRunDate(yearly, day('2026-12-31'))).toBeNull();
  });
});

describe('the stored form (RFC 5545)', () => {
  const cases: [Schedule, string][] = [
    [{ frequency: 'MONTHLY', dayOfMonth: 5 }, 'RRULE:FREQ=MONTHLY;BYMONTHDAY=5'],
    [
      { frequency: 'MONTHLY', dayOfMonth: 30 },
      'RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1',
    ],
    [{ frequency: 'LAST_DAY_OF_MONTH' }, 'RRULE:FREQ=MONTHLY;BYMONTHDAY=-1'],
    [{ frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 1 }, 'RRULE:FREQ=MONTHLY;BYDAY=+1MO'],
    [{ frequency: 'WEEKDAY_OF_MONTH', nth: -1, weekday: 5 }, 'RRULE:FREQ=MONTHLY;BYDAY=-1FR'],
    [
      { frequency: 'YEARLY', month: 12, dayOfMonth: 3 },
      'RRULE:FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=3',
    ],
    [
      { frequency: 'WEEKLY', weekdays: [1, 4], interval: 2, startsOn: '2026-11-25' },
      'DTSTART;VALUE=DATE:20261125\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH;INTERVAL=2',
    ],
    [
      { frequency: 'DAILY', interval: 3, startsOn: '2026-01-02' },
      'DTSTART;VALUE=DATE:20260102\nRRULE:FREQ=DAILY;INTERVAL=3',
    ],
  ];

  it('writes each kind as an RRULE and reads it back', () => {
    for (const [schedule, text] of cases) {
      expect(iCalendarOf(schedule)).toBe(text);
      expect(scheduleOfICalendar(text)).toEqual(schedule);
    }
  });

  it('reads nothing it could not write', () => {
    for (const text of [
      '',
      'RRULE:FREQ=HOURLY',
      'RRULE:FREQ=MONTHLY;BYDAY=MO',
      'RRULE:FREQ=MONTHLY;BYMONTHDAY=5;COUNT=3',
      'DTSTART:20261125T100000Z\nRRULE:FREQ=DAILY;INTERVAL=2',
      'nonsense',
    ])
      expect(scheduleOfICalendar(text)).toBeNull();
  });

  it('is due on each of its days within a run of dates', () => {
    const schedule: Schedule = { frequency: 'WEEKDAY_OF_MONTH', nth: 2, weekday: 3 };
    const runs = dates(schedule, '2026-01-01', 12);
    for (const run of runs) expect(isRunDay(schedule, day(run))).toBe(true);
    expect(new Set(runs.map((run) => run.slice(0, 7))).size).toBe(12);
  });
});
