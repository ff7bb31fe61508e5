import { defineEndpoints } from './endpoint.ts';
import { UndoParamsSchema, UndoResponseSchema } from './undo.ts';

const tags = ['undo'];

/** Issue 16: undo everywhere (docs/decisions/025-undo.md). */
export const undoApi = defineEndpoints({
  undo: {
    method: 'POST',
    path: '/api/v1/undo/:token',
    summary: 'Undo a destructive command by the ticket it answered',
    description:
      'Restores exactly what the command removed or changed — rows, places in lists, planned ' +
      'state, completion — and records it in the change log. Undoing again answers the same and ' +
      'changes nothing. Refused with 409 UNDO_UNAVAILABLE when it can no longer apply (expired, ' +
      'the project gone or archived since).',
    tags,
    auth: 'session',
    command: true,
    params: UndoParamsSchema,
    responses: { 200: UndoResponseSchema },
    errors: [
      'NOT_FOUND',
      'UNDO_UNAVAILABLE',
      'PROJECT_LIMIT_REACHED',
      'AUTOMATION_LIMIT_REACHED',
      'TASK_LIMIT_REACHED',
      'SHARING_NOT_AVAILABLE',
    ],
  },
});
