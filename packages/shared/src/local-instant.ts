import type { Day } from './days.ts';

/**
 * A wall-clock time on a day where the user is, as the instant it is everywhere (issue 30: quick
 * add's reminders). Standalone on Intl, as days.ts is: the quick add chunk carries no date-zone
 * library.
 */

const offsets = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the zone's clock is ahead of UTC at `ms`: +3,600,000 in Warsaw in winter. */
function offsetAt(ms: number, timeZone: string): number {
  let format = offsets.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsets.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

const HOURS_MS = 3_600_000;

/**
 * The instant, ISO in UTC, at which the clock where the user is shows `time` ('HH:MM') on `day`.
 * A time the clocks skip (02:30 on the night summer time starts) is read as the same time after
 * the jump (03:30); a time they show twice (02:30 on the night it ends) as the first of the two.
 * Throws RangeError for an unknown time zone.
 */
export function instantAt(day: Day, time: string, timeZone: string): string {
  const wall = Date.parse(`${day}T${time}:00.000Z`);
  // A zone's offset changes at most once within a day or so: the one before and the one after.
  const before = offsetAt(wall - 24 * HOURS_MS, timeZone);
  const after = offsetAt(wall + 24 * HOURS_MS, timeZone);
  const shows = (instant: number) => instant + offsetAt(instant, timeZone) === wall;
  const candidates = [wall - before, wall - after].filter(shows);
  const instant = candidates.length > 0 ? Math.min(...candidates) : wall - before;
  return new Date(instant).toISOString();
}
