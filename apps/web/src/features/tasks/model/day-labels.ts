import { addDaysTo, clockTimeIn, daysBetween, todayIn } from '@hustle/shared/days';

/** How many days the Plan day bar offers: today and the six after it, a week. */
export const DAY_BAR_LENGTH = 7;

const weekdayAndDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

// A day is read at its UTC midnight: the formats above name the same day in UTC.
const atMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** 'Today', 'Tomorrow', else 'Mon 30 Nov'. */
export function dayLabel(day: string, today: string): string {
  const offset = daysBetween(today, day);
  if (offset === 0) return 'Today';
  if (offset === 1) return 'Tomorrow';
  return weekdayAndDate.format(atMidnight(day));
}

/** What a screen reader hears: 'Today, Friday 27 November'. */
export function spokenDay(day: string, today: string): string {
  const offset = daysBetween(today, day);
  const long = longDate.format(atMidnight(day));
  if (offset === 0) return `Today, ${long}`;
  if (offset === 1) return `Tomorrow, ${long}`;
  return long;
}

/** The days of the Plan day bar: today and the rest of the coming week. */
export const dayBarDays = (today: string): string[] =>
  Array.from({ length: DAY_BAR_LENGTH }, (_, offset) => addDaysTo(today, offset));

/** A deadline chip's words and whether it is passed: 'Due today', '3 days left', '2 days late'. */
export function deadlineText(deadline: string, today: string): { text: string; isLate: boolean } {
  const left = daysBetween(today, deadline);
  if (left < 0) return { text: left === -1 ? '1 day late' : `${-left} days late`, isLate: true };
  if (left === 0) return { text: 'Due today', isLate: false };
  if (left === 1) return { text: 'Due tomorrow', isLate: false };
  return { text: `${left} days left`, isLate: false };
}

/**
 * A reminder chip's words, in the user's time zone (issue 30): 'Today 14:30', 'Tomorrow 09:00',
 * 'Mon 30 Nov 09:00'; and what a screen reader hears, 'Tomorrow, Saturday 28 November, 09:00'.
 */
export function reminderText(
  remindAt: string,
  timeZone: string,
  today: string,
): { text: string; spoken: string } {
  const day = todayIn(remindAt, timeZone);
  const time = clockTimeIn(remindAt, timeZone);
  return { text: `${dayLabel(day, today)} ${time}`, spoken: `${spokenDay(day, today)}, ${time}` };
}
