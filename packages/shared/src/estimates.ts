import {
  DEFAULT_CAPACITY_MINUTES,
  clockTimeIn,
  daysBetween,
  todayIn,
  weekdayOfDay,
  type Day,
} from './days.ts';

/**
 * Estimates and a day's capacity (issue 30, decision 070): a task may carry how long it will
 * take, in whole minutes; each weekday has how much work fits in it. The plan's load, what is
 * left and the projected finish are worked out from them here, the same on every screen.
 */

/** The shortest estimate: five minutes. */
export const ESTIMATE_MIN = 5;
/** The longest estimate: a working day of eight hours. */
export const ESTIMATE_MAX = 8 * 60;
export const isEstimate = (minutes: number): boolean =>
  Number.isInteger(minutes) && minutes >= ESTIMATE_MIN && minutes <= ESTIMATE_MAX;

/** "30 min", "2 h", "2 h 30 min": how every screen writes a length of time. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The capacity of a day, in minutes, by its weekday. */
export const capacityOf = (capacity: readonly number[], day: Day): number =>
  capacity[weekdayOfDay(day) - 1] ?? DEFAULT_CAPACITY_MINUTES;

export interface DayLoad {
  /** The estimates of the day's open tasks, added up. */
  planned: number;
  capacity: number;
  /** How much more than the capacity is planned; 0 when it fits. */
  over: number;
  /** Open tasks of the day without an estimate: they count for nothing. */
  unestimated: number;
}

/** How full a day is: its open tasks' estimates against its capacity. */
export function loadOf(
  tasks: readonly { estimate: number | null; done: boolean }[],
  capacity: number,
): DayLoad {
  let planned = 0;
  let unestimated = 0;
  for (const task of tasks) {
    if (task.done) continue;
    if (task.estimate === null) unestimated += 1;
    else planned += task.estimate;
  }
  return { planned, capacity, over: Math.max(0, planned - capacity), unestimated };
}

/** "2 h 30 min more than your 6 h day": the plain warning of a day planned past its capacity. */
export const overWarning = (load: DayLoad): string =>
  load.capacity === 0
    ? `${formatMinutes(load.over)} planned on your day off`
    : `${formatMinutes(load.over)} more than your ${formatMinutes(load.capacity)} day`;

/** "3 h 10 min of 6 h": a day's load in few words. */
export const loadSummary = (load: DayLoad): string =>
  `${formatMinutes(load.planned)} of ${formatMinutes(load.capacity)}`;

/**
 * When the work left is done if started now: `now` plus the minutes left, as the wall-clock
 * time in the user's time zone — "17:40", "01:20 tomorrow" past midnight, "16:00 on Saturday"
 * within the week, "09:10 on 5 Dec" beyond it. Null when nothing is left.
 */
export function projectedFinish(now: Date, minutesLeft: number, timeZone: string): string | null {
  if (minutesLeft <= 0) return null;
  const at = new Date(now.getTime() + minutesLeft * 60_000);
  const time = clockTimeIn(at, timeZone);
  const daysOn = daysBetween(todayIn(now, timeZone), todayIn(at, timeZone));
  if (daysOn === 0) return time;
  if (daysOn === 1) return `${time} tomorrow`;
  const day = new Intl.DateTimeFormat(
    'en-GB',
    daysOn < 7 ? { timeZone, weekday: 'long' } : { timeZone, day: 'numeric', month: 'short' },
  ).format(at);
  return `${time} on ${day}`;
}
