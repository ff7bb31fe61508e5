import { defineEndpoints, IdParamsSchema } from './endpoint.ts';
import { EndFocusBodySchema, StartFocusBodySchema, TimeEntryBodySchema } from './focus.ts';
import { OkResponseSchema } from './tasks.ts';
import { UndoableResponseSchema } from './undo.ts';

const tags = ['focus'];
const ok = { 200: OkResponseSchema };

/** Issue 30: focus on a task, its time kept as entries (decision 076). */
export const focusApi = defineEndpoints({
  startFocus: {
    method: 'POST',
    path: '/api/v1/focus/start',
    summary: 'Start (or resume) the timer on a task; a timer running on another task stops',
    tags,
    auth: 'session',
    command: true,
    body: StartFocusBodySchema,
    responses: ok,
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED', 'ID_TAKEN'],
  },
  endFocus: {
    method: 'POST',
    path: '/api/v1/focus/end',
    summary: 'Pause or stop the running timer',
    tags,
    auth: 'session',
    command: true,
    body: EndFocusBodySchema,
    responses: ok,
    errors: ['NOT_FOUND'],
  },
  deleteTimeEntry: {
    method: 'POST',
    path: '/api/v1/time-entries/:id/delete',
    summary: 'Delete one of the caller’s time entries (undoable)',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: TimeEntryBodySchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND'],
  },
});
