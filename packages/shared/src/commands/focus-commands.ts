import { z } from 'zod';
import type { WorkspaceResponse } from '../workspace.ts';
import { call, defineCommand } from './command.ts';
import { deleteTimeEntry, endFocus, removeTimeEntry, startFocus } from './focus-changes.ts';
import { findTask } from './workspace-changes.ts';

// Shapes only: the server refuses an instant in the future or an entry ending before it starts.
const Id = z.string().min(1);
const Instant = z.string().min(1);

const taskName = (workspace: WorkspaceResponse | undefined, taskId: string) => {
  const found = workspace && findTask(workspace, taskId);
  return found ? `“${found.task.name}”` : 'a task';
};

const startArgs = z.object({ taskId: Id, projectId: Id.nullable(), entryId: Id, at: Instant });
const endArgs = z.object({ entryId: Id, at: Instant });

/** A start, or the resume of a paused session (a new entry, the time before it carried on). */
const starting = (resume: boolean, verb: string) =>
  defineCommand(startArgs, {
    request: ({ taskId, projectId, entryId, at }, workspaceId) =>
      call('startFocus', { body: { workspaceId, taskId, projectId, entryId, at, resume } }),
    apply: { workspace: (workspace, args) => startFocus(workspace, { ...args, resume }) },
    refetch: ['taskDetails'],
    describe: (args, workspace) => `${verb} focus on ${taskName(workspace, args.taskId)}`,
  });

/** A pause (the session can go on) or a stop. */
const ending = (pause: boolean, words: string) =>
  defineCommand(endArgs, {
    request: ({ entryId, at }, workspaceId) =>
      call('endFocus', { body: { workspaceId, entryId, at, pause } }),
    apply: { workspace: (workspace, args) => endFocus(workspace, { ...args, pause }) },
    refetch: ['taskDetails'],
    describe: () => words,
  });

/** Focus on a task: its timer and time entries (issue 30, decision 076). */
export const focusCommands = {
  startFocus: starting(false, 'Start'),
  resumeFocus: starting(true, 'Resume'),
  pauseFocus: ending(true, 'Pause focus'),
  stopFocus: ending(false, 'Stop focus'),

  /** Undone by the server's journal (decision 025): the entry comes back with its time. */
  deleteTimeEntry: defineCommand(
    z.object({ entryId: Id, taskId: Id, actualSeconds: z.number().int() }),
    {
      request: (args, workspaceId) =>
        call('deleteTimeEntry', { params: { id: args.entryId }, body: { workspaceId } }),
      apply: {
        workspace: (workspace, args) => deleteTimeEntry(workspace, args),
        taskDetails: (details, args) => removeTimeEntry(details, args),
      },
      describe: (args, workspace) => `Delete a time entry of ${taskName(workspace, args.taskId)}`,
    },
  ),
};
