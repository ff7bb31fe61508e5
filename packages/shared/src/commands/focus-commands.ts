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

/** Focus on a task: its timer and time entries (issue 30, decision 076). */
export const focusCommands = {
  startFocus: defineCommand(startArgs, {
    request: (args, workspaceId) =>
      call('startFocus', {
        body: {
          workspaceId,
          projectId: args.projectId,
          taskId: args.taskId,
          entryId: args.entryId,
          at: args.at,
          resume: false,
        },
      }),
    apply: { workspace: (workspace, args) => startFocus(workspace, { ...args, resume: false }) },
    refetch: ['taskDetails'],
    describe: (args, workspace) => `Start focus on ${taskName(workspace, args.taskId)}`,
  }),

  /** The paused session goes on: a new entry, the time before it carried on. */
  resumeFocus: defineCommand(startArgs, {
    request: (args, workspaceId) =>
      call('startFocus', {
        body: {
          workspaceId,
          projectId: args.projectId,
          taskId: args.taskId,
          entryId: args.entryId,
          at: args.at,
          resume: true,
        },
      }),
    apply: { workspace: (workspace, args) => startFocus(workspace, { ...args, resume: true }) },
    refetch: ['taskDetails'],
    describe: (args, workspace) => `Resume focus on ${taskName(workspace, args.taskId)}`,
  }),

  pauseFocus: defineCommand(endArgs, {
    request: (args, workspaceId) =>
      call('endFocus', { body: { workspaceId, entryId: args.entryId, at: args.at, pause: true } }),
    apply: { workspace: (workspace, args) => endFocus(workspace, { ...args, pause: true }) },
    refetch: ['taskDetails'],
    describe: () => 'Pause focus',
  }),

  stopFocus: defineCommand(endArgs, {
    request: (args, workspaceId) =>
      call('endFocus', { body: { workspaceId, entryId: args.entryId, at: args.at, pause: false } }),
    apply: { workspace: (workspace, args) => endFocus(workspace, { ...args, pause: false }) },
    refetch: ['taskDetails'],
    describe: () => 'Stop focus',
  }),

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
