import { defineEndpoints } from './endpoint.ts';
import {
  SEARCH_MAX_RESULTS,
  SEARCH_PAGE_SIZE,
  SearchPageSchema,
  SearchQuerySchema,
} from './search.ts';

/** Issue 31 item 6: finding tasks by a word of their name, notes or checklist. */
export const searchApi = defineEndpoints({
  searchTasks: {
    method: 'GET',
    path: '/api/v1/search',
    summary: 'Tasks the caller can see whose name, notes or checklist hold the words, best first',
    description:
      'Decision 075: every typed word must be found (the last one as the start of a word); ' +
      'open, done and archived-project tasks alike, ranked by where the words are (the name, ' +
      `then the notes, then the checklist), the newest first among equals. Pages of ${SEARCH_PAGE_SIZE}; \`next\` is the cursor of the page after. At most ` +
      `the newest ${SEARCH_MAX_RESULTS} matches are ranked.`,
    tags: ['tasks'],
    auth: 'session',
    query: SearchQuerySchema,
    responses: { 200: SearchPageSchema },
  },
});
