import { z } from 'zod';
import { noteOf, type DayMove } from '../day-reviews.ts';
import type { WorkspaceResponse } from '../workspace.ts';
import { call, defineCommand } from './command.ts';
import { applyTaskAction, planForDay, todayOf } from './workspace-changes.ts';

// Shapes only: the server refuses a day to come, a note of two lines, a task not the caller's.
const Id = z.string().min(1);
const Instant = z.string().min(1);

/**
 * A day finished (decision 077), as the server does it: the newest finished day is kept with its
 * note (an older day finished later leaves it), and each unfinished task goes where it was sent,
 * by the same rules as planning for a day and moving back to planning, in the order given.
 */
export function finishDay(
  workspace: WorkspaceResponse,
  args: { day: string; note: string; moves: readonly DayMove[]; at: string },
): WorkspaceResponse {
  const today = todayOf(workspace, args.at);
  let next = workspace;
  for (const move of args.moves) {
    next =
      move.to === null
        ? applyTaskAction(next, move.taskId, 'idle', args.at)
        : planForDay(next, move.taskId, move.to, today);
  }
  const newest = workspace.dayReview;
  return newest && newest.day > args.day
    ? next
    : { ...next, dayReview: { day: args.day, note: noteOf(args.note) } };
}

/** Finishing the day (issue 30): undone by the server's journal (decision 025). */
export const dayReviewCommands = {
  finishDay: defineCommand(
    z.object({
      day: z.string(),
      note: z.string(),
      moves: z.array(z.object({ taskId: Id, to: z.string().nullable() })),
      at: Instant,
    }),
    {
      request: ({ day, note, moves }, workspaceId) =>
        call('finishDay', { body: { workspaceId, day, note, moves } }),
      apply: { workspace: (workspace, args) => finishDay(workspace, args) },
      describe: (args) => `Finish ${args.day}`,
      keepsInput: true,
    },
  ),
};
