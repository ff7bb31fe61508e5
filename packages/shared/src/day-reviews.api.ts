import { FinishDayBodySchema } from './day-reviews.ts';
import { defineEndpoints } from './endpoint.ts';
import { UndoableResponseSchema } from './undo.ts';

const tags = ['days'];

/** Issue 30: finishing the day (decision 077). */
export const dayReviewsApi = defineEndpoints({
  finishDay: {
    method: 'POST',
    path: '/api/v1/days/finish',
    summary:
      'Finish a day: keep its note for tomorrow and carry each unfinished task to a day or back to the inbox (undoable)',
    tags,
    auth: 'session',
    command: true,
    body: FinishDayBodySchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED'],
  },
});
