import type { AutomationStatus } from '@hustle/shared/automations';
import { localDateAt, nextRunDate, periodOf, runDayInMonth } from '@hustle/shared/dates';

export interface ScheduledAutomation {
  day_of_month: number;
  created_at: string;
  timezone: string;
}

/** The first month an automation runs in: that of its next run date when it was made. */
export function firstPeriod(automation: ScheduledAutomation): string {
  return periodOf(
    nextRunDate(
      automation.day_of_month,
      localDateAt(new Date(automation.created_at), automation.timezone),
    ),
  );
}

/**
 * This month's run in the owner's time zone (ARCHITECTURE §5): due from 00:00 of its day, the
 * day clamped to the month's last day, and only in months after the automation existed.
 */
export function thisMonthsRun(automation: ScheduledAutomation, now: Date) {
  const today = localDateAt(now, automation.timezone);
  const period = periodOf(today);
  const runDate = runDayInMonth(automation.day_of_month, today.year, today.month);
  const isDue = today.day >= runDate.day && period >= firstPeriod(automation);
  return { period, runDate, isDue };
}

export interface RunState {
  status: 'CREATED' | 'ERROR';
  existing_task_id: string | null;
  completed_at: string | null;
}

/** spec §2 status screen, per ARCHITECTURE §5. A deleted task counts as dealt with. */
export function monthStatus(run: RunState | undefined, isDue: boolean): AutomationStatus {
  if (!run) return isDue ? 'WARNING' : 'IDLE';
  if (run.status === 'ERROR') return 'ERROR';
  return run.existing_task_id && !run.completed_at ? 'ACTIVE' : 'DONE';
}

/** UTC months around `now`: every time zone's current month is among them. */
export function periodsAround(now: Date): string[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return [-1, 0, 1].map((offset) => {
    const index = year * 12 + (month - 1) + offset;
    return periodOf({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  });
}
