import { z } from 'zod';
import { defineEndpoints, IdParamsSchema } from './endpoint.ts';
import { UndoableResponseSchema } from './undo.ts';
import {
  CreateTaskBodySchema,
  CreateTaskResponseSchema,
  OkResponseSchema,
  PutToFrontBodySchema,
  RenameTaskBodySchema,
  ReorderBodySchema,
  TASK_ACTIONS,
  TaskCommandBodySchema,
  WorkspaceCommandBodySchema,
} from './tasks.ts';

const tags = ['tasks'];
const ok = { 200: OkResponseSchema };
const TaskActionParamsSchema = IdParamsSchema.extend({ action: z.enum(TASK_ACTIONS) });
/** spec §7 sends these with an empty body. */
const OptionalWorkspaceCommandSchema = WorkspaceCommandBodySchema.nullish();

export const tasksApi = defineEndpoints({
  createTask: {
    method: 'POST',
    path: '/api/v1/tasks',
    summary: 'Create a task in the inbox or a project',
    tags,
    auth: 'session',
    command: true,
    body: CreateTaskBodySchema,
    responses: { 200: CreateTaskResponseSchema },
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED', 'TASK_LIMIT_REACHED', 'ID_TAKEN'],
  },
  renameTask: {
    method: 'PUT',
    path: '/api/v1/tasks/:id/rename',
    summary: 'Rename a task',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: RenameTaskBodySchema,
    responses: ok,
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED'],
  },
  deleteTask: {
    method: 'POST',
    path: '/api/v1/tasks/:id/delete',
    summary: 'Delete a task',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: TaskCommandBodySchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED'],
  },
  taskAction: {
    method: 'PUT',
    // spec §7 names both paths for the same actions; the web app uses the first.
    path: '/api/v1/workspace/tasks/:id/:action',
    aliases: ['/api/v1/tasks/:id/:action'],
    summary: 'plan / idle / complete / revert a task',
    tags,
    auth: 'session',
    command: true,
    params: TaskActionParamsSchema,
    body: TaskCommandBodySchema,
    responses: ok,
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED', 'TASK_COMPLETED'],
  },
  putTaskToFront: {
    method: 'PUT',
    path: '/api/v1/workspace/tasks/:id/put-to-front',
    summary: 'Move a planned task to the top',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: PutToFrontBodySchema,
    responses: ok,
    errors: ['NOT_FOUND', 'TASK_NOT_PLANNED'],
  },
  reorderPlannedTask: {
    method: 'PUT',
    path: '/api/v1/workspace/tasks/:id/reorder',
    summary: 'Move a planned task after another',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: ReorderBodySchema,
    responses: ok,
    errors: ['NOT_FOUND', 'TASK_NOT_PLANNED'],
  },
  hideCompletedTasks: {
    method: 'POST',
    path: '/api/v1/workspace/hide-completed',
    summary: 'Hide completed tasks from Execute',
    tags,
    auth: 'session',
    command: true,
    body: OptionalWorkspaceCommandSchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND'],
  },
  idleAllPlannedTasks: {
    method: 'POST',
    path: '/api/v1/workspace/idle-all-planned',
    summary: 'Move all planned tasks back to planning',
    tags,
    auth: 'session',
    command: true,
    body: OptionalWorkspaceCommandSchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND'],
  },
});
