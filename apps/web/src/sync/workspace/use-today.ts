import { todayIn } from '@hustle/shared/days';
import { useSyncExternalStore } from 'react';

/** How often the page looks whether the user's day has ended: cheap, and late by at most this. */
const DAY_CHECK_MS = 30_000;

// One clock for the whole page: every row that shows a day reads today from here, and only a
// change of the date (not each look) renders them again.
const todays = new Map<string, string>();
const listeners = new Set<() => void>();
let timer: number | undefined;

function look() {
  for (const timeZone of todays.keys()) todays.set(timeZone, todayIn(new Date(), timeZone));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    look();
    timer = window.setInterval(look, DAY_CHECK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.clearInterval(timer);
    timer = undefined;
  };
}

function todayFor(timeZone: string): string {
  let today = todays.get(timeZone);
  if (today === undefined) {
    today = todayIn(new Date(), timeZone);
    todays.set(timeZone, today);
  }
  return today;
}

/**
 * Today in the user's time zone ('YYYY-MM-DD'), turning at their midnight while the page is
 * open, offline too (issue 29).
 */
export function useToday(timeZone: string): string {
  return useSyncExternalStore(subscribe, () => todayFor(timeZone));
}
