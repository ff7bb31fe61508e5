import type { Trigger } from '@hustle/shared/automations';
import { isoDateOf, upcomingRunDates, type LocalDate } from '@hustle/shared/dates';

const BYDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const NOT_FEBRUARY = 'BYMONTH=1,3,4,5,6,7,8,9,10,11,12';

/** One recurring event: its first day and its RRULE (RFC 5545 §3.3.10). */
export interface Series {
  /** Told apart from the automation's other series in the UID ('' for the main one). */
  part: '' | 'february';
  /** 'YYYY-MM-DD': a run day, since calendar apps show DTSTART as an occurrence whatever the rule. */
  start: string;
  rrule: string;
}

/**
 * The runs of a trigger from `from` on, as recurring events calendar apps expand alike. A monthly
 * day above 28 falls back to the last day of shorter months (spec §3): day 31 is the last day of
 * every month; days 29 and 30 run in every month but February, plus a yearly series on
 * February's last day. (BYSETPOS would say it in one rule, but calendar apps read it unevenly.)
 */
export function seriesOf(trigger: Trigger, from: LocalDate): Series[] {
  // A year of runs holds the first of each series.
  const runs = upcomingRunDates(trigger, from, trigger.frequency === 'MONTHLY' ? 13 : 1);
  const first = (keep: (day: LocalDate) => boolean) => isoDateOf(runs.find(keep)!);
  switch (trigger.frequency) {
    case 'DAILY':
      return [{ part: '', start: first(() => true), rrule: 'FREQ=DAILY' }];
    case 'WEEKLY': {
      const days = trigger.weekdays.map((day) => BYDAY[day - 1]).join(',');
      return [{ part: '', start: first(() => true), rrule: `FREQ=WEEKLY;BYDAY=${days}` }];
    }
    case 'MONTHLY': {
      const day = trigger.dayOfMonth;
      if (day <= 28) {
        return [{ part: '', start: first(() => true), rrule: `FREQ=MONTHLY;BYMONTHDAY=${day}` }];
      }
      if (day === 31) {
        return [{ part: '', start: first(() => true), rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1' }];
      }
      return [
        {
          part: '',
          start: first((run) => run.month !== 2),
          rrule: `FREQ=MONTHLY;${NOT_FEBRUARY};BYMONTHDAY=${day}`,
        },
        {
          part: 'february',
          start: first((run) => run.month === 2),
          rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1',
        },
      ];
    }
  }
}
