import type { Trigger } from '@hustle/shared/automations';
import { isoDateOf, upcomingRunDates, type LocalDate } from '@hustle/shared/dates';

const BYDAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const NOT_FEBRUARY = 'BYMONTH=1,3,4,5,6,7,8,9,10,11,12';
/** The most days each month has (February in a leap year). */
const MOST_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** One recurring event: its first day and its RRULE (RFC 5545 §3.3.10). */
export interface Series {
  /** Told apart from the automation's other series in the UID ('' for the main one). */
  part: '' | 'february';
  /** 'YYYY-MM-DD': a run day, since calendar apps show DTSTART as an occurrence whatever the rule. */
  start: string;
  rrule: string;
}

/**
 * The runs of a trigger from `from` on, as recurring events that calendar apps expand alike
 * (decision 067). A day above what a month has falls back to its last day (spec §3): the last
 * day of every month is BYMONTHDAY=-1; monthly days 29 and 30 run in every month but February,
 * plus a yearly series on February's last day. BYSETPOS would say it in one rule, but calendar
 * apps read it unevenly, so it is left to "every N months" on those days, which nothing else says.
 */
export function seriesOf(trigger: Trigger, from: LocalDate): Series[] {
  const interval = trigger.interval ?? 1;
  const every = interval > 1 ? `;INTERVAL=${interval}` : '';
  // A year of runs holds the first of each series.
  const runs = upcomingRunDates(trigger, from, 13);
  const first = (keep: (day: LocalDate) => boolean = () => true) => isoDateOf(runs.find(keep)!);
  const one = (rrule: string): Series[] => [{ part: '', start: first(), rrule }];
  switch (trigger.frequency) {
    case 'DAILY':
      return one(`FREQ=DAILY${every}`);
    case 'WEEKLY': {
      const days = trigger.weekdays.map((day) => BYDAY[day - 1]).join(',');
      return one(`FREQ=WEEKLY${every};BYDAY=${days};WKST=MO`);
    }
    case 'LAST_DAY_OF_MONTH':
      return one(`FREQ=MONTHLY${every};BYMONTHDAY=-1`);
    case 'WEEKDAY_OF_MONTH':
      return one(`FREQ=MONTHLY${every};BYDAY=${trigger.nth}${BYDAY[trigger.weekday - 1]}`);
    case 'YEARLY': {
      const day = trigger.dayOfMonth >= MOST_DAYS[trigger.month - 1]! ? -1 : trigger.dayOfMonth;
      return one(`FREQ=YEARLY${every};BYMONTH=${trigger.month};BYMONTHDAY=${day}`);
    }
    case 'MONTHLY': {
      const day = trigger.dayOfMonth;
      if (day <= 28) return one(`FREQ=MONTHLY${every};BYMONTHDAY=${day}`);
      if (day === 31) return one(`FREQ=MONTHLY${every};BYMONTHDAY=-1`);
      if (interval > 1) {
        const days = Array.from({ length: day - 27 }, (_, index) => 28 + index).join(',');
        return one(`FREQ=MONTHLY${every};BYMONTHDAY=${days};BYSETPOS=-1`);
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
