import { daysBetween } from '@hustle/shared/days';

const utc = { timeZone: 'UTC' } as const;
const dayAndMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', ...utc });
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', ...utc });
const shortWeekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', ...utc });

// A day is read at its UTC midnight: the formats above name that same day in UTC.
const atMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * A day's heading on Upcoming: 'Today', 'Tomorrow' and the rest of this week by name with the
 * date beside them ("Sunday · 29 November"); later days as a date with its weekday
 * ("Mon 7 December", DESIGN).
 */
export function upcomingHeading(day: string, today: string): { title: string; date: string } {
  const offset = daysBetween(today, day);
  const at = atMidnight(day);
  const date = dayAndMonth.format(at);
  if (offset === 0) return { title: 'Today', date };
  if (offset === 1) return { title: 'Tomorrow', date };
  if (offset < 7) return { title: weekday.format(at), date };
  return { title: `${shortWeekday.format(at)} ${date}`, date: '' };
}
