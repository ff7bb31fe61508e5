import { z } from 'zod';
import { ClientIdSchema, IdSchema as Id } from './ids.ts';
import { formatMinutes } from './estimates.ts';

/**
 * Focus (issue 30, decision 076): a user's time on a task, kept as time entries — a start and an
 * end, never ticks — so a timer survives a reload, an offline spell and a closed laptop.
 */

/** How far ahead of the server's clock a command's instant may be (a device's clock drifts). */
export const FOCUS_CLOCK_TOLERANCE_MS = 60_000;
/** The entries an opened task lists, newest first. */
export const TIME_ENTRIES_SHOWN = 50;

/**
 * The user's timer as every device shows it: running (`startedAt` set), or paused (`pausedAt`
 * set) on the task until resumed or stopped. `carriedSeconds` is the session's time before the
 * running entry (while paused, all of it): a resume continues the count.
 */
export const FocusStateSchema = z.object({
  taskId: z.string(),
  /** The session's latest entry: the running one, or the one a pause ended. */
  entryId: z.string(),
  startedAt: z.string().nullable(),
  pausedAt: z.string().nullable(),
  carriedSeconds: z.number().int(),
  /** The task's name when the timer was read, for a task the copy does not hold. */
  taskName: z.string(),
});
export type FocusState = z.infer<typeof FocusStateSchema>;

/** Where the timer is for one task: running or paused on it, or not on it. */
export type FocusOnTask = 'running' | 'paused' | null;

export const focusOnTask = (focus: FocusState | null, taskId: string): FocusOnTask =>
  focus?.taskId !== taskId ? null : focus.startedAt === null ? 'paused' : 'running';

/** One stretch of work on a task; `endedAt` null while it runs. */
export const TimeEntrySchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  seconds: z.number().int(),
});
export type TimeEntry = z.infer<typeof TimeEntrySchema>;

/** Whole seconds between two instants, never below zero: every copy counts them the same. */
export const secondsBetween = (from: string, to: string) =>
  Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 1000));

/** The later of two instants as written (ISO strings of one form compare as they sort). */
export const laterOf = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/** An instant as the browser writes it (`toISOString`), nothing looser. */
export const InstantSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'A time is written as an ISO instant.')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Not a time.');

export const StartFocusBodySchema = z
  .object({
    workspaceId: Id,
    projectId: Id.nullable(),
    taskId: Id,
    /** The new entry's id, made by the browser (decision 021). */
    entryId: ClientIdSchema,
    at: InstantSchema,
    /** Continue the paused session on this task (its time carries on) rather than a new one. */
    resume: z.boolean(),
  })
  .strict();

export const EndFocusBodySchema = z
  .object({
    workspaceId: Id,
    /** The entry running when the browser asked: a stop of one already ended changes nothing. */
    entryId: Id,
    at: InstantSchema,
    /** A pause keeps the session to resume; a stop ends it. */
    pause: z.boolean(),
  })
  .strict();

export const TimeEntryBodySchema = z.object({ workspaceId: Id }).strict();

/**
 * Time spent as the rows write it beside an estimate: "25 min", "1 h 5 min"; a start of a minute
 * is "<1 min" (whole minutes, rounded down: a minute shows once it is spent).
 */
export function formatSpent(seconds: number): string {
  if (seconds <= 0) return '0 min';
  if (seconds < 60) return '<1 min';
  return formatMinutes(Math.floor(seconds / 60));
}

/**
 * The entries whose time the open session carries: those before its latest entry, from a task's
 * entries newest first (a session's entries follow one another). They stay until the timer
 * stops: without one, the session would go on counting time that no entry holds.
 */
export function carriedEntryIds(
  entriesNewestFirst: readonly { id: string; seconds: number }[],
  focus: Pick<FocusState, 'entryId' | 'startedAt' | 'carriedSeconds'>,
): string[] {
  const at = entriesNewestFirst.findIndex((entry) => entry.id === focus.entryId);
  if (at === -1) return [];
  const latest = entriesNewestFirst[at]!;
  // While paused, the carried time counts the latest entry too.
  let owed = focus.carriedSeconds - (focus.startedAt === null ? latest.seconds : 0);
  const carried: string[] = [];
  for (const entry of entriesNewestFirst.slice(at + 1)) {
    if (owed <= 0) break;
    carried.push(entry.id);
    owed -= entry.seconds;
  }
  return carried;
}
