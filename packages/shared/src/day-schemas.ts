import { z } from 'zod';
import { CARRY_OVER_PLACES, isDay, isTimeZone } from './days.ts';

/** The contract's schemas of days (issue 29); the rules themselves are in days.ts. */

export const DaySchema = z
  .string()
  .max(10)
  .refine(isDay, 'Not a date: give a real day as YYYY-MM-DD.');

export const TimeZoneNameSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'Unknown time zone: give an IANA name such as Europe/Warsaw.');

/** A daily nudge's local time of day, on the 24-hour clock: "07:30" (decision 084). */
export const NudgeTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A nudge time is a time of day such as 07:30 (24-hour).');

/** A user's day settings: where their days begin and end, and what carry-over does. */
export const DaySettingsSchema = z.object({
  timeZone: z.string(),
  /** Where carried-over tasks go in today's order. */
  carryOverTo: z.enum(CARRY_OVER_PLACES),
  /** After this many carry-overs a task goes back to the inbox (or its project); null: never. */
  backToInboxAfter: z.number().int().nullable(),
  /** Minutes of work each weekday holds, Monday first (issue 30, decision 070); 0: a day off. */
  capacity: z.array(z.number().int()).length(7),
  /** When the morning "Plan your day" nudge comes, "HH:MM" where the user is; null: off. */
  planNudgeAt: z.string().nullable(),
  /** When the evening "Finish the day" nudge comes; null: off. */
  finishNudgeAt: z.string().nullable(),
});
