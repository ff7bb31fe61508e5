import {
  storedRuleOf,
  triggerOfStoredRule,
  type AutomationStatus,
  type Frequency,
  type Trigger,
} from '@hustle/shared/automations';
import {
  addDays,
  compareDates,
  currentRunDate,
  isoDateOf,
  localDateAt,
  nextScheduledDate,
  periodOf,
  runPeriodOf,
  upcomingRunDates,
  type LocalDate,
} from '@hustle/shared/dates';
import { hasMonthPeriod } from '@hustle/shared/recurrence';

export interface ScheduledAutomation {
  frequency: Frequency;
  day_of_month: number;
  weekdays: string | null;
  rule: string | null;
  created_at: string;
  scheduled_from: string | null;
  paused_at: string | null;
  timezone: string;
}

/** The row's trigger, as the contract and the shared date rules read it. */
export function triggerOf(row: Omit<ScheduledAutomation, 'timezone' | 'created_at'>): Trigger {
  if (row.rule !== null) return triggerOfStoredRule(row.rule);
  switch (row.frequency) {
    case 'MONTHLY':
      return { frequency: 'MONTHLY', dayOfMonth: row.day_of_month };
    case 'WEEKLY':
      return { frequency: 'WEEKLY', weekdays: (row.weekdays ?? '').split(',').map(Number) };
    default:
      return { frequency: 'DAILY' };
  }
}

/**
 * The trigger as stored: the kind, the monthly day (0 for others) and weekdays in their columns,
 * and what only an RRULE says in `rule` (decision 063).
 */
export const triggerColumns = (trigger: Trigger) => ({
  frequency: trigger.frequency,
  day_of_month: trigger.frequency === 'MONTHLY' ? trigger.dayOfMonth : 0,
  weekdays: trigger.frequency === 'WEEKLY' ? trigger.weekdays.join(',') : null,
  rule: storedRuleOf(trigger),
});

/**
 * The first run date of the current schedule: its next run date, counting the day it was made,
 * resumed or given a new trigger (decisions 005 and 026).
 */
export function firstRunDate(automation: ScheduledAutomation): LocalDate {
  const from = automation.scheduled_from ?? automation.created_at;
  return nextScheduledDate(triggerOf(automation), localDateAt(new Date(from), automation.timezone));
}

export interface CurrentRun {
  /** The period the status screen shows and a run would claim. */
  period: string;
  /** Due now: its day has come, it is not before the first run date, and it is not paused. */
  isDue: boolean;
  today: LocalDate;
}

/**
 * The run that is current in the owner's time zone (ARCHITECTURE §5): due from 00:00 of its day
 * until its period's reach ends (a monthly run until the month ends, a weekly or daily one until
 * the next run date comes). When none is due, a monthly automation shows this month and the
 * others their coming run's day.
 */
export function currentRun(automation: ScheduledAutomation, now: Date): CurrentRun {
  const trigger = triggerOf(automation);
  const today = localDateAt(now, automation.timezone);
  const first = firstRunDate(automation);
  const latest = currentRunDate(trigger, today);
  if (latest && compareDates(latest, first) >= 0) {
    return { period: runPeriodOf(trigger, latest), isDue: automation.paused_at === null, today };
  }
  if (hasMonthPeriod(trigger) && (trigger.interval ?? 1) === 1)
    return { period: periodOf(today), isDue: false, today };
  const next = nextScheduledDate(trigger, compareDates(first, today) > 0 ? first : today);
  return { period: runPeriodOf(trigger, next), isDue: false, today };
}

/**
 * The coming run that "skip the next run" skips: the current one while due and not yet made,
 * else the first run date after today (not before the first run date) whose period has no run.
 * None while paused.
 */
export function nextOpenRun(
  automation: ScheduledAutomation,
  now: Date,
  takenPeriods: ReadonlySet<string>,
): { period: string; date: string } | null {
  if (automation.paused_at !== null) return null;
  const trigger = triggerOf(automation);
  const current = currentRun(automation, now);
  const candidates: LocalDate[] = [];
  if (current.isDue) {
    const due = currentRunDate(trigger, current.today);
    if (due) candidates.push(due);
  }
  const tomorrow = addDays(current.today, 1);
  const first = firstRunDate(automation);
  // More than the periods a year of skipping could take, so one is always open.
  const from = compareDates(first, tomorrow) > 0 ? first : tomorrow;
  candidates.push(...upcomingRunDates(trigger, from, 400));
  const open = candidates.find((date) => !takenPeriods.has(runPeriodOf(trigger, date)));
  return open ? { period: runPeriodOf(trigger, open), date: isoDateOf(open) } : null;
}

export interface RunState {
  status: 'CREATED' | 'ERROR' | 'SKIPPED';
  existing_task_id: string | null;
  completed_at: string | null;
}

/** spec §2 status screen, per ARCHITECTURE §5. A deleted task counts as dealt with. */
export function periodStatus(
  run: RunState | undefined,
  { isDue, isPaused }: { isDue: boolean; isPaused: boolean },
): AutomationStatus {
  if (!run) return isPaused ? 'PAUSED' : isDue ? 'WARNING' : 'IDLE';
  if (run.status === 'ERROR') return 'ERROR';
  if (run.status === 'SKIPPED') return 'SKIPPED';
  return run.existing_task_id && !run.completed_at ? 'ACTIVE' : 'DONE';
}

/**
 * The earliest period whose runs matter now: a month back from `now` in UTC, as 'YYYY-MM', which
 * sorts before every day of that month. Every time zone's current period is after it.
 */
export function periodsSince(now: Date): string {
  const monthAgo = new Date(now.getTime() - 40 * 86_400_000);
  return periodOf({ year: monthAgo.getUTCFullYear(), month: monthAgo.getUTCMonth() + 1 });
}
