import type { Trigger } from '@hustle/shared/automations';
import { isoDateOf, upcomingRunDates, type LocalDate } from '@hustle/shared/dates';
import { iCalendarOf } from '@hustle/shared/recurrence';

/** The most days each month has (February in a leap year). */
const MOST_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const CLAMPED_DAY = /BYMONTHDAY=[\d,]+;BYSETPOS=-1/;
const NOT_FEBRUARY = 'BYMONTH=1,3,4,5,6,7,8,9,10,11,12';

/** One recurring event: its first day and its RRULE (RFC 5545 §3.3.10). */
export interface Series {
  /** Told apart from the automation's other series in the UID ('' for the main one). */
  part: '' | 'february';
  /** 'YYYY-MM-DD': a run day, since calendar apps show DTSTART as an occurrence whatever the rule. */
  start: string;
  rrule: string;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The runs of a trigger from `from` on, as recurring events that calendar apps expand alike
 * (decision 067). The rule is the automation's own (`iCalendarOf`, decision 063), but for a day
 * above what a month has, which it says with BYSETPOS=-1 ("the last of the days 28…d the month
 * has") — a form calendar apps read unevenly (`ical.js` among them). Instead: the last day of
 * the month is BYMONTHDAY=-1; monthly days 29 and 30 run on the day in every month but
 * February, and February's runs are a yearly series on its last day (every few years when
 * "every N months" reaches February only so often).
 */
export function seriesOf(trigger: Trigger, from: LocalDate): Series[] {
  const rrule = iCalendarOf(trigger)
    .split('\n')
    .at(-1)!
    .replace(/^RRULE:/, '');
  const interval = trigger.interval ?? 1;
  // 13 runs span a year of every period, and every month of an "every N months".
  const runs = upcomingRunDates(trigger, from, 13);
  const first = runs[0]!;
  const one = (rule: string): Series[] => [{ part: '', start: isoDateOf(first), rrule: rule }];

  if (!CLAMPED_DAY.test(rrule)) {
    // Weeks counted from Monday, as the app counts them, whatever the app's default.
    return one(trigger.frequency === 'WEEKLY' && interval > 1 ? `${rrule};WKST=MO` : rrule);
  }
  const day = 'dayOfMonth' in trigger ? trigger.dayOfMonth : 31;
  const maxDays = trigger.frequency === 'YEARLY' ? MOST_DAYS[trigger.month - 1]! : 31;
  if (day >= maxDays) return one(rrule.replace(CLAMPED_DAY, 'BYMONTHDAY=-1'));
  if (trigger.frequency === 'YEARLY') return one(rrule.replace(CLAMPED_DAY, `BYMONTHDAY=${day}`));

  const series: Series[] = [];
  const outsideFebruary = runs.find((run) => run.month !== 2);
  if (outsideFebruary) {
    series.push({
      part: '',
      start: isoDateOf(outsideFebruary),
      // The 30th skips February by itself; the 29th must not meet a leap year's February 29th
      // twice. (`ical.js` drops INTERVAL beside BYMONTH, so only the 29th says BYMONTH.)
      rrule: rrule.replace(
        CLAMPED_DAY,
        day === 29 ? `${NOT_FEBRUARY};BYMONTHDAY=29` : `BYMONTHDAY=${day}`,
      ),
    });
  }
  const february = runs.find((run) => run.month === 2);
  if (february) {
    // Runs N months apart come back to February every lcm(12, N) months.
    const years = interval / gcd(12, interval);
    series.push({
      part: 'february',
      start: isoDateOf(february),
      rrule: `FREQ=YEARLY${years > 1 ? `;INTERVAL=${years}` : ''};BYMONTH=2;BYMONTHDAY=-1`,
    });
  }
  return series;
}
