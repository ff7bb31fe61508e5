import { z } from 'zod';
import { DaySchema } from './day-schemas.ts';
import { IdSchema as Id } from './ids.ts';
import { hasNameControlCharacter, isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

/**
 * Finishing the day (issue 30, decision 077): a day its user closed on purpose, what was left of
 * it carried where they chose, and a one-line note shown at the top of the next day's plan.
 */

/** The note for tomorrow is one line, at most this long once trimmed. */
export const DAY_NOTE_MAX = 280;
/** At most this many unfinished tasks are carried in one finish (more than any day holds). */
export const DAY_MOVES_MAX = 500;

/** The note as it is kept: trimmed; '' for none. */
export const noteOf = (text: string): string => text.trim();

/** Why a note cannot be kept, or null when it can. */
export function noteProblem(text: string): string | null {
  const note = noteOf(text);
  if (!isStorableText(note)) return UNSTORABLE_TEXT_MESSAGE;
  if (/[\r\n]/.test(note)) return 'The note for tomorrow is one line.';
  if (hasNameControlCharacter(note)) return 'The note for tomorrow cannot hold control characters.';
  if (note.length > DAY_NOTE_MAX) {
    return `The note for tomorrow is at most ${DAY_NOTE_MAX} characters.`;
  }
  return null;
}

/**
 * The newest day the user finished, as every device shows it: Execute says that day is finished,
 * and the plan of the day after it shows its note.
 */
export const DayReviewSchema = z.object({ day: z.string(), note: z.string() });
export type DayReview = z.infer<typeof DayReviewSchema>;

/** Where one unfinished task goes: another day, or back to the inbox (or its project) for null. */
export const DayMoveSchema = z.object({ taskId: Id, to: DaySchema.nullable() }).strict();
export type DayMove = z.infer<typeof DayMoveSchema>;

export const FinishDayBodySchema = z
  .object({
    workspaceId: Id,
    day: DaySchema,
    // Room for spaces trimmed away; the note itself is checked once trimmed.
    note: z
      .string()
      .max(DAY_NOTE_MAX * 4, `The note for tomorrow is at most ${DAY_NOTE_MAX} characters.`)
      .superRefine((text, ctx) => {
        const problem = noteProblem(text);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    moves: z
      .array(DayMoveSchema)
      .max(DAY_MOVES_MAX, `At most ${DAY_MOVES_MAX} tasks can be carried over at once.`)
      .refine(
        (moves) => new Set(moves.map((move) => move.taskId)).size === moves.length,
        'Each task is carried over once.',
      ),
  })
  .strict();
