import { isDay, isWithinRange } from '@hustle/shared/days';

/**
 * What the planned-day field holds, checked before it is sent: a real date from today on and
 * within five years, as the server takes it (issue 29). A day already over is no plan to make:
 * the field says so rather than quietly planning the task for today, as the server would.
 */
export function plannedDayInput(
  value: string,
  today: string,
): { day: string; error: null } | { day: null; error: string } {
  const text = value.trim();
  if (text === '') return { day: null, error: 'Pick the day to plan it for.' };
  if (!isDay(text)) return { day: null, error: 'Pick a date from the calendar.' };
  if (text < today) return { day: null, error: 'Pick today or a later day.' };
  if (!isWithinRange(text, today)) {
    return { day: null, error: 'Pick a date within five years of today.' };
  }
  return { day: text, error: null };
}
