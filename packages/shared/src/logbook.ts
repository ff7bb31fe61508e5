import { z } from 'zod';
import { DaySchema } from './day-schemas.ts';
import { addDaysTo, todayIn, weekdayOfDay, type Day } from './days.ts';
import { ID_PATTERN, IdSchema } from './ids.ts';
import { SearchPlaceSchema } from './search.ts';

/**
 * Issue 30 item 4, decision 078: the logbook — every task its user completed, by day in their time
 * zone, newest first, with each day's totals — and a week's summary. Read only: nothing here is
 * a command.
 */

/** Completed tasks in one page of the logbook. */
export const LOGBOOK_PAGE_SIZE = 50;
/**
 * The most completions one day's or one week's totals count: the aggregate reads at most this
 * many rows, so a day imported with 50,000 completions costs a bounded read and says "10,000+".
 */
export const LOGBOOK_COUNT_MAX = 10_000;

/** Where the next page starts: the last task shown's completion instant and id, `at|id`. */
const CURSOR_FORM = /^([0-9T:.+\-Z]{10,40})\|([0-9a-f-]{36})$/;

export interface LogbookCursor {
  completedAt: string;
  id: string;
}

export const logbookCursorOf = ({ completedAt, id }: LogbookCursor): string =>
  `${completedAt}|${id}`;

export function parseLogbookCursor(text: string): LogbookCursor | null {
  const match = CURSOR_FORM.exec(text);
  if (!match || !ID_PATTERN.test(match[2]!) || Number.isNaN(Date.parse(match[1]!))) return null;
  return { completedAt: match[1]!, id: match[2]! };
}

export const LogbookQuerySchema = z
  .object({
    /** The `next` of the page before; absent for the newest page. */
    before: z
      .string()
      .max(80)
      .refine((text) => parseLogbookCursor(text) !== null, 'Not a logbook cursor.')
      .optional(),
  })
  .strict();

/** A day's or a week's totals, counted over every completion of it, not only a page's. */
export const LogbookTotalsSchema = z.object({
  /** Tasks completed. */
  done: z.number().int(),
  /** The caller's ended time entries that started in it, in seconds. */
  focusedSeconds: z.number().int(),
  /** Of the completed tasks with an estimate and recorded time: their estimates, added up. */
  estimatedMinutes: z.number().int(),
  /** …and their recorded time (everyone's, as the rows show it), added up. */
  actualSeconds: z.number().int(),
  /** How many completed tasks have both an estimate and recorded time. */
  estimatedTasks: z.number().int(),
  /** More than LOGBOOK_COUNT_MAX completions: the figures count the newest that many. */
  isCapped: z.boolean(),
});
export type LogbookTotals = z.infer<typeof LogbookTotalsSchema>;

export const LogbookTaskSchema = z.object({
  taskId: IdSchema,
  name: z.string(),
  completedAt: z.string(),
  place: SearchPlaceSchema,
  /** Minutes; null: no estimate. */
  estimate: z.number().int().nullable(),
  actualSeconds: z.number().int(),
});
export type LogbookTask = z.infer<typeof LogbookTaskSchema>;

export const LogbookDaySchema = z.object({
  day: DaySchema,
  totals: LogbookTotalsSchema,
  /** The day's tasks this page holds, newest first; the day may go on in the next page. */
  tasks: z.array(LogbookTaskSchema),
});
export type LogbookDay = z.infer<typeof LogbookDaySchema>;

export const LogbookPageSchema = z.object({
  days: z.array(LogbookDaySchema),
  /** The cursor of the page after this one (earlier completions); null at the first one. */
  next: z.string().nullable(),
});
export type LogbookPage = z.infer<typeof LogbookPageSchema>;

export const LogbookWeekQuerySchema = z
  .object({
    /** Any day of the week wanted; absent: this week. The week is the Monday-to-Sunday one. */
    day: DaySchema.optional(),
  })
  .strict();

export const LogbookWeekSchema = z.object({
  /** Its Monday and its Sunday. */
  start: DaySchema,
  end: DaySchema,
  totals: LogbookTotalsSchema,
  /** Estimate accuracy: actual ÷ estimated over tasks with both; null when none has both. */
  accuracy: z.number().nullable(),
  /** The days of the week whose plan was finished ("Finish the day"), in order. */
  finishedDays: z.array(DaySchema),
});
export type LogbookWeek = z.infer<typeof LogbookWeekSchema>;

/** The Monday of the week `day` is in: weeks run Monday to Sunday (the app has no setting). */
export const weekStartOf = (day: Day): Day => addDaysTo(day, 1 - weekdayOfDay(day));

/**
 * The first instant of a day in a time zone, as `toISOString` writes it: the earliest instant
 * whose date there is `day` (a day that starts at 01:00 after a midnight change starts there).
 */
export function dayStartIn(day: Day, timeZone: string): string {
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  // Every zone is within 15 hours of UTC: the start lies in this window; halve it to the ms.
  let low = midnight - 15 * 3_600_000;
  let high = midnight + 15 * 3_600_000;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (todayIn(new Date(middle), timeZone) >= day) high = middle;
    else low = middle;
  }
  return new Date(high).toISOString();
}

/** Estimate accuracy as one number: 1.2 took 20 % longer than estimated; null without both. */
export const accuracyOf = (totals: Pick<LogbookTotals, 'estimatedMinutes' | 'actualSeconds'>) =>
  totals.estimatedMinutes === 0 ? null : totals.actualSeconds / (totals.estimatedMinutes * 60);
