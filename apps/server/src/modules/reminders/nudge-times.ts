import { todayIn, type Day } from '@hustle/shared/days';

const walls = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading at `instant` in `timeZone`, as if it were UTC, in milliseconds. */
function wallClockMs(instant: number, timeZone: string): number {
  let wall = walls.get(timeZone);
  if (!wall) {
    wall = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    walls.set(timeZone, wall);
  }
  const parts = Object.fromEntries(
    wall.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour,
    parts.minute,
    parts.second,
  );
}

/**
 * The instant (UTC, ISO) a wall-clock time `HH:MM` of `day` is in `timeZone`. The zone's offset is
 * read at a first guess and again at the result, so a day the clocks change on still lands on
 * the right side; a time the clocks skip lands an hour on, as a clock set forward reads it.
 */
export function instantAt(day: Day, time: string, timeZone: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  const [year, month, date] = day.split('-').map(Number);
  const wall = Date.UTC(year!, month! - 1, date!, hours, minutes);
  const first = wall - (wallClockMs(wall, timeZone) - wall);
  const instant = wall - (wallClockMs(first, timeZone) - first);
  return new Date(instant).toISOString();
}

/** Where a daily nudge stands at `now`: the user's day there, its start and the clock's time. */
export function localDayAt(now: Date, timeZone: string) {
  const day = todayIn(now, timeZone);
  return { day, dayStart: instantAt(day, '00:00', timeZone) };
}
