import { z } from 'zod';
import type { WorkspaceResponse } from '../workspace.ts';
import { call, defineCommand } from './command.ts';
import { moveDetailsHome, moveToHome, reorderInProject } from './task-move-changes.ts';
import { findTask } from './workspace-changes.ts';

const Id = z.string().min(1);

const taskName = (workspace: WorkspaceResponse | undefined, taskId: string) => {
  const found = workspace && findTask(workspace, taskId);
  return found ? `“${found.task.name}”` : 'a task';
};

const homeName = (workspace: WorkspaceResponse | undefined, projectId: string | null) => {
  if (projectId === null) return 'the inbox';
  const project = workspace?.projects.find((candidate) => candidate.id === projectId);
  return project ? `“${project.name}”` : 'another project';
};

/** Where a task lives and its place there (issue 31 items 4 and 5, decision 072). */
export const taskMoveCommands = {
  /** Undone through the server's journal, which also gives members their planned copies back. */
  moveTaskToProject: defineCommand(
    z.object({ taskId: Id, projectId: Id.nullable(), toProjectId: Id.nullable() }),
    {
      request: (args, workspaceId) =>
        call('moveTaskToProject', {
          params: { id: args.taskId },
          body: { workspaceId, projectId: args.projectId, toProjectId: args.toProjectId },
        }),
      apply: {
        workspace: (workspace, args) => moveToHome(workspace, args.taskId, args.toProjectId),
        taskDetails: (details, args) => moveDetailsHome(details, args.taskId, args.toProjectId),
      },
      describe: (args, workspace) =>
        `Move ${taskName(workspace, args.taskId)} to ${homeName(workspace, args.toProjectId)}`,
    },
  ),

  /** One row written per move: the key between the new neighbours (fractional keys). */
  reorderProjectTask: defineCommand(
    z.object({ taskId: Id, projectId: Id, afterTaskId: Id.nullable() }),
    {
      request: (args, workspaceId) =>
        call('reorderProjectTask', {
          params: { id: args.taskId },
          body: { workspaceId, projectId: args.projectId, afterTaskId: args.afterTaskId },
        }),
      apply: {
        workspace: (workspace, args) =>
          reorderInProject(workspace, args.projectId, args.taskId, args.afterTaskId),
      },
      describe: (args, workspace) =>
        `Reorder ${taskName(workspace, args.taskId)} in ${homeName(workspace, args.projectId)}`,
    },
  ),
};
