import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { OkResponseSchema } from './tasks.ts';

/**
 * The destructive and bulk commands that can be undone (issue 16, decision 025). Each answers an
 * undo ticket; `POST /api/v1/undo/{token}` restores what it removed or changed.
 */
export const UNDO_KINDS = [
  'deleteTask',
  'deleteProject',
  'archiveProject',
  'idleAllPlanned',
  'hideCompleted',
  'leaveProject',
  'deleteAutomation',
  'deleteChecklistItem',
  'moveTaskToProject',
  'deleteTimeEntry',
  'finishDay',
] as const;
export type UndoKind = (typeof UNDO_KINDS)[number];

export const UndoTicketSchema = z.object({
  /** Names the undo to the caller only: another user's token is unknown (404). */
  token: z.string(),
  kind: z.enum(UNDO_KINDS),
  expiresAt: z.string(),
});
export type UndoTicket = z.infer<typeof UndoTicketSchema>;

/** The answer of an undoable command: its version, and a ticket when it changed anything. */
export const UndoableResponseSchema = OkResponseSchema.extend({
  undo: UndoTicketSchema.nullable(),
});
export type UndoableResponse = z.infer<typeof UndoableResponseSchema>;

export const UndoParamsSchema = z.object({ token: IdSchema });

export const UndoResponseSchema = OkResponseSchema.extend({ kind: z.enum(UNDO_KINDS) });
export type UndoResponse = z.infer<typeof UndoResponseSchema>;
