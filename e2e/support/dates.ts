/** 'D MMMM YYYY' in UTC, e.g. '22 November 2026': how the app writes a date in a UTC page. */
export const longDate = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
