import { isDay, isWithinRange } from '@hustle/shared/days';

/** What a day field holds, checked: the day to save (null: none), or why it cannot be saved. */
export type DayCheck = { day: string | null; error: null } | { day: null; error: string };

type DayRule = {
  /** What an empty field means: null clears the day; a text says why a day is needed. */
  whenEmpty: string | null;
  /** Whether a day already over is refused. */
  fromToday: boolean;
};

/** A day field's value against its rule; a date must exist and lie within five years of today. */
function checkDay(value: string, today: string, rule: DayRule): DayCheck {
  const text = value.trim();
  if (text === '')
    return rule.whenEmpty === null
      ? { day: null, error: null }
      : { day: null, error: rule.whenEmpty };
  if (!isDay(text)) return { day: null, error: 'Pick a date from the calendar.' };
  if (rule.fromToday && text < today) return { day: null, error: 'Pick today or a later day.' };
  if (!isWithinRange(text, today)) {
    return { day: null, error: 'Pick a date within five years of today.' };
  }
  return { day: text, error: null };
}

/** A deadline, checked before it is sent (the server says the same, issue 29): empty clears it. */
export const deadlineInput = (value: string, today: string) =>
  checkDay(value, today, { whenEmpty: null, fromToday: false });

/**
 * A planned day (issue 31): from today on, as the server takes it. A day already over is no
 * plan to make: the field says so rather than quietly planning the task for today, as the
 * server would.
 */
export const plannedDayInput = (value: string, today: string) =>
  checkDay(value, today, { whenEmpty: 'Pick the day to plan it for.', fromToday: true });
