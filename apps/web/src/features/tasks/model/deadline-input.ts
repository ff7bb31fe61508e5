import { isDay, isWithinRange } from '@hustle/shared/days';

/**
 * What the deadline field holds, checked before it is sent (the server says the same, issue 29):
 * empty clears the deadline; a date must exist and lie within five years of today.
 */
export function deadlineInput(
  value: string,
  today: string,
): { deadline: string | null; error: null } | { deadline: null; error: string } {
  const text = value.trim();
  if (text === '') return { deadline: null, error: null };
  if (!isDay(text)) return { deadline: null, error: 'Pick a date from the calendar.' };
  if (!isWithinRange(text, today)) {
    return { deadline: null, error: 'Pick a date within five years of today.' };
  }
  return { deadline: text, error: null };
}
