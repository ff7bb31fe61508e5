import type { LocalDate } from '@hustle/shared/dates';
import dayjs from 'dayjs';
// spec §1: dates go through a Polish-capable facility; the locale is loaded so it can be chosen,
// while the product's display language stays English.
import 'dayjs/locale/pl.js';

export const DISPLAY_LOCALE = 'en';

/** spec §2: dates on cards and in sentences read 'D MMMM YYYY', e.g. '5 December 2026'. */
export function formatLongDate(date: string | Date | LocalDate): string {
  const value =
    typeof date === 'string' || date instanceof Date
      ? dayjs(date)
      : dayjs(new Date(date.year, date.month - 1, date.day));
  return value.locale(DISPLAY_LOCALE).format('D MMMM YYYY');
}

/** A month's name, e.g. 'November', from 'YYYY-MM' or a date. */
export function formatMonthName(period: string | Date): string {
  const value = typeof period === 'string' ? dayjs(`${period}-01`) : dayjs(period);
  return value.locale(DISPLAY_LOCALE).format('MMMM');
}

/** The browser's time zone: the one the server stored for the user at login. */
export const browserTimeZone = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * An automation run's period: 'November 2026' for a month ('YYYY-MM'), 'Tue 24 November 2026'
 * for a day ('YYYY-MM-DD').
 */
export function formatPeriod(period: string): string {
  return period.length === 7
    ? dayjs(`${period}-01`).locale(DISPLAY_LOCALE).format('MMMM YYYY')
    : dayjs(period).locale(DISPLAY_LOCALE).format('ddd D MMMM YYYY');
}

const MINUTE = 60_000;
export const JUST_NOW = 'just now';

/** How long ago, as the app says it: 'just now', '5 min ago', '2 h ago', then the day. */
export function formatTimeAgo(iso: string, now = Date.now()): string {
  const ago = now - new Date(iso).getTime();
  if (ago < 2 * MINUTE) return JUST_NOW;
  if (ago < 60 * MINUTE) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < 24 * 60 * MINUTE) return `${Math.floor(ago / (60 * MINUTE))} h ago`;
  return formatLongDate(iso);
}
