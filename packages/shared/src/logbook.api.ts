import { defineEndpoints } from './endpoint.ts';
import {
  LOGBOOK_COUNT_MAX,
  LOGBOOK_PAGE_SIZE,
  LogbookPageSchema,
  LogbookQuerySchema,
  LogbookWeekQuerySchema,
  LogbookWeekSchema,
} from './logbook.ts';

const tags = ['logbook'];

/** Issue 30 item 4 (decision 078): what was done, by day and by week. */
export const logbookApi = defineEndpoints({
  getLogbook: {
    method: 'GET',
    path: '/api/v1/logbook',
    summary: 'The tasks the caller completed, newest first, by day with each day’s totals',
    description:
      `Pages of ${LOGBOOK_PAGE_SIZE} completions (fewer when some are in projects the caller ` +
      'has left since); `next` is the cursor of the earlier page. Days are dates in the ' +
      'account’s time zone; each day’s totals count all of its completions (at most ' +
      `${LOGBOOK_COUNT_MAX}), also when the day goes on in the next page.`,
    tags,
    auth: 'session',
    query: LogbookQuerySchema,
    responses: { 200: LogbookPageSchema },
  },
  getLogbookWeek: {
    method: 'GET',
    path: '/api/v1/logbook/week',
    summary: 'A week’s totals: tasks done, time focused, estimate accuracy, days finished',
    description:
      'The Monday-to-Sunday week holding `day` (this week without it), in the account’s time ' +
      'zone. Accuracy is the recorded time of the tasks completed in it that have an estimate ' +
      'and recorded time, divided by their estimates.',
    tags,
    auth: 'session',
    query: LogbookWeekQuerySchema,
    responses: { 200: LogbookWeekSchema },
  },
});
