/** 'D MMMM YYYY' in UTC, e.g. '22 November 2026': how the app writes a date in a UTC page. */
export const longDate = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The same day `months` calendar months on, or that month's last day when it is shorter
 * (30 November + 3 months is 28 February), as a billing period ends.
 */
export function monthsAhead(from: Date, months: number): Date {
  const firstOfTarget = Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1);
  const target = new Date(firstOfTarget);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds());
  return target;
}
