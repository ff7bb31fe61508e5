import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { upcomingRunDates, isoDateOf, type LocalDate } from '@hustle/shared/dates';
import type { Trigger } from '@hustle/shared/automations';
import { seriesOf } from './recurrence.ts';

/** The first `count` days a calendar app shows for the trigger's events, all series merged. */
function expand(trigger: Trigger, from: LocalDate, count: number): string[] {
  const days = seriesOf(trigger, from).flatMap((series) => {
    const iterator = ICAL.Recur.fromString(series.rrule).iterator(
      ICAL.Time.fromDateString(series.start),
    );
    return Array.from({ length: count }, () => iterator.next()!.toString());
  });
  return days.sort().slice(0, count);
}

describe('automations as recurring calendar events', () => {
  const from = { year: 2026, month: 11, day: 27 };
  const cases: [string, Trigger][] = [
    ['daily', { frequency: 'DAILY' }],
    ['weekly on Monday and Thursday', { frequency: 'WEEKLY', weekdays: [1, 4] }],
    ['weekly on Sunday', { frequency: 'WEEKLY', weekdays: [7] }],
    ['monthly on the 5th', { frequency: 'MONTHLY', dayOfMonth: 5 }],
    ['monthly on the 28th', { frequency: 'MONTHLY', dayOfMonth: 28 }],
    ['monthly on the 29th', { frequency: 'MONTHLY', dayOfMonth: 29 }],
    ['monthly on the 30th', { frequency: 'MONTHLY', dayOfMonth: 30 }],
    ['monthly on the 31st', { frequency: 'MONTHLY', dayOfMonth: 31 }],
    ['every 3 days', { frequency: 'DAILY', interval: 3, startsOn: '2026-11-20' }],
    [
      'every 2 weeks on Monday and Sunday',
      { frequency: 'WEEKLY', weekdays: [1, 7], interval: 2, startsOn: '2026-11-23' },
    ],
    ['the last day of every month', { frequency: 'LAST_DAY_OF_MONTH' }],
    ['the first Monday of every month', { frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 1 }],
    ['the last Friday of every month', { frequency: 'WEEKDAY_OF_MONTH', nth: -1, weekday: 5 }],
    ['every year on 3 December', { frequency: 'YEARLY', month: 12, dayOfMonth: 3 }],
    ['every year on 29 February', { frequency: 'YEARLY', month: 2, dayOfMonth: 29 }],
    ['every year on 31 April', { frequency: 'YEARLY', month: 4, dayOfMonth: 31 }],
    ['every year on 30 January', { frequency: 'YEARLY', month: 1, dayOfMonth: 30 }],
    [
      'every 2 months on the 30th, never in February',
      { frequency: 'MONTHLY', dayOfMonth: 30, interval: 2, startsOn: '2026-11-30' },
    ],
    [
      'every 5 months on the 30th, February every 5 years',
      { frequency: 'MONTHLY', dayOfMonth: 30, interval: 5, startsOn: '2026-12-30' },
    ],
    [
      'every 12 months on the 30th, from February',
      { frequency: 'MONTHLY', dayOfMonth: 30, interval: 12, startsOn: '2027-02-28' },
    ],
    [
      'every 2 months on the 15th',
      { frequency: 'MONTHLY', dayOfMonth: 15, interval: 2, startsOn: '2026-11-15' },
    ],
  ];

  it.each(cases)('%s: the calendar shows the days the scheduler runs on', (_, trigger) => {
    // Six years of monthly runs cross two leap Februaries.
    const count =
      trigger.frequency === 'YEARLY'
        ? 8
        : trigger.frequency === 'DAILY' || trigger.frequency === 'WEEKLY'
          ? 30
          : 72;
    const scheduled = upcomingRunDates(trigger, from, count).map(isoDateOf);
    expect(expand(trigger, from, count)).toEqual(scheduled);
  });

  it('starts each series on a run day of its own', () => {
    expect(seriesOf({ frequency: 'MONTHLY', dayOfMonth: 30 }, from)).toEqual([
      {
        part: '',
        start: '2026-11-30',
        rrule: 'FREQ=MONTHLY;BYMONTHDAY=30',
      },
      { part: 'february', start: '2027-02-28', rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' },
    ]);
    expect(seriesOf({ frequency: 'WEEKLY', weekdays: [3] }, from)).toEqual([
      { part: '', start: '2026-12-02', rrule: 'FREQ=WEEKLY;BYDAY=WE' },
    ]);
  });

  it('writes every N months on the 29th as RFC 5545 says it, which ical.js expands wrongly', () => {
    // ical.js drops INTERVAL beside BYMONTH; by the RFC this is every other month but February.
    expect(
      seriesOf({ frequency: 'MONTHLY', dayOfMonth: 29, interval: 2, startsOn: '2026-12-29' }, from),
    ).toEqual([
      {
        part: '',
        start: '2026-12-29',
        rrule: 'FREQ=MONTHLY;BYMONTH=1,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=29;INTERVAL=2',
      },
      { part: 'february', start: '2027-02-28', rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' },
    ]);
  });
});
