import { isReminderInPast } from '@hustle/shared/reminders';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What a `datetime-local` field holds: a wall-clock time, no zone. */
const FIELD_FORMAT = 'YYYY-MM-DDTHH:mm';
const FIELD_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The field's text for an instant: its wall-clock time where the user is (issue 30). */
export const reminderFieldText = (instant: string | Date, timeZone: string): string =>
  dayjs(instant).tz(timeZone).format(FIELD_FORMAT);

/**
 * A reminder time typed in the user's time zone (the account's, which may not be the browser's),
 * as the instant the command sends in UTC; an empty or past time says why instead.
 */
export function reminderInput(
  text: string,
  timeZone: string,
  now: Date,
): { remindAt: string; error: null } | { remindAt: null; error: string } {
  if (!FIELD_TEXT.test(text)) return { remindAt: null, error: 'Choose a date and a time.' };
  const instant = dayjs.tz(text, FIELD_FORMAT, timeZone);
  if (!instant.isValid()) return { remindAt: null, error: 'Choose a date and a time.' };
  const remindAt = instant.toISOString();
  if (isReminderInPast(remindAt, now)) {
    return { remindAt: null, error: 'That time has passed. Choose a later one.' };
  }
  return { remindAt, error: null };
}
