import { z } from 'zod';
import { IdSchema as Id } from './ids.ts';

/**
 * Issue 31 item 4 (decision 072): a task moves to another project, or to the caller's inbox
 * (`toProjectId` null). As the other task commands (spec §5) it names the workspace and the
 * project the task is in now (null: the inbox).
 */
export const MoveTaskToProjectBodySchema = z
  .object({ workspaceId: Id, projectId: Id.nullable(), toProjectId: Id.nullable() })
  .strict();

/**
 * Issue 31 item 5: a task of a project goes right after `afterTaskId` in the project's order,
 * or first (null). The order is the project's, the same for every member.
 */
export const ReorderProjectTaskBodySchema = z
  .object({ workspaceId: Id, projectId: Id, afterTaskId: Id.nullable() })
  .strict();
