import { defineEndpoints, IdParamsSchema } from './endpoint.ts';
import { MoveTaskToProjectBodySchema, ReorderProjectTaskBodySchema } from './task-moves.ts';
import { OkResponseSchema } from './tasks.ts';
import { UndoableResponseSchema } from './undo.ts';

const tags = ['tasks'];

/** Issue 31 items 4 and 5 (decision 072): where a task lives, and its place there. */
export const taskMovesApi = defineEndpoints({
  moveTaskToProject: {
    method: 'PUT',
    path: '/api/v1/tasks/:id/project',
    summary: 'Move a task to another project or to the inbox',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: MoveTaskToProjectBodySchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED', 'TASK_LIMIT_REACHED', 'VALIDATION_FAILED'],
  },
  reorderProjectTask: {
    method: 'PUT',
    path: '/api/v1/tasks/:id/position',
    summary: 'Move a task of a project after another of its tasks, or first',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: ReorderProjectTaskBodySchema,
    responses: { 200: OkResponseSchema },
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED', 'VALIDATION_FAILED'],
  },
});
