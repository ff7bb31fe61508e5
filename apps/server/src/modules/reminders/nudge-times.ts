import { todayIn } from '@hustle/shared/days';
import { instantAt } from '@hustle/shared/local-instant';

/** Where a daily nudge stands at `now`: the user's day there and the instant it began. */
export function localDayAt(now: Date, timeZone: string) {
  const day = todayIn(now, timeZone);
  return { day, dayStart: instantAt(day, '00:00', timeZone) };
}
