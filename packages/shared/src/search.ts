import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { WholeNumberParamSchema } from './query-params.ts';
import { TASK_STATES } from './tasks.ts';
import { hasNameControlCharacter, isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

/**
 * Issue 31 item 6, decision 075: finding tasks by a word of their name, notes or checklist,
 * across open, done and archived-project tasks, in the database's own full-text index.
 */

/** What a search may ask: long enough for a sentence, short enough to stay cheap. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Words of a query that count; more are refused rather than silently dropped. */
export const SEARCH_MAX_WORDS = 10;
/** Results in one page. */
export const SEARCH_PAGE_SIZE = 20;
/**
 * The most a search ranks: the newest this many matches. A word found in more tasks than this
 * ranks only the newest of them; a further word narrows the search (decision 075).
 */
export const SEARCH_MAX_RESULTS = 500;

/**
 * The words of a query as the index has them: runs of letters, digits and marks, lower-cased,
 * so "re-order, Zażółć!" asks for `re`, `order` and `zażółć`. Anything else separates words.
 */
export function searchWords(query: string): string[] {
  return (
    query
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? []
  );
}

const SearchTextSchema = z
  .string()
  .trim()
  .min(1, 'Type something to search for.')
  .max(SEARCH_QUERY_MAX_LENGTH, `A search is at most ${SEARCH_QUERY_MAX_LENGTH} characters.`)
  // What no name, note or checklist item can hold is refused, not searched for.
  .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)
  .refine((query) => !hasNameControlCharacter(query), 'A search cannot hold control characters.')
  // A query string that is not UTF-8 reaches here undecoded (its %XX escapes kept) or as U+FFFD;
  // neither is a word anyone typed (a typed "%41" arrives decoded from %2541 and is refused too).
  .refine(
    (query) => !query.includes('\uFFFD') && !/%[0-9A-Fa-f]{2}/.test(query),
    'A search must be UTF-8 text.',
  )
  .refine(
    (query) => searchWords(query).length <= SEARCH_MAX_WORDS,
    `A search is at most ${SEARCH_MAX_WORDS} words.`,
  );

/** Where the next page starts: how many results came before it. */
export const SearchCursorSchema = WholeNumberParamSchema.pipe(
  z
    .number()
    .int()
    .max(SEARCH_MAX_RESULTS - 1, `A search shows at most ${SEARCH_MAX_RESULTS} results.`),
);

export const SearchQuerySchema = z
  .object({
    q: SearchTextSchema,
    /** The `next` of the page before; absent for the first page. */
    cursor: SearchCursorSchema.optional(),
  })
  .strict();

/** Where a found task lives, as the caller's workspace shows it. */
export const SearchPlaceSchema = z.object({
  kind: z.enum(['inbox', 'project', 'automation']),
  /** The project's id; null for the inbox and automation tasks. */
  projectId: IdSchema.nullable(),
  /** The project's name, 'Inbox' or 'Automation'. */
  name: z.string(),
  color: z.string().nullable(),
  /** The project is in the archive: its tasks are read-only. */
  isArchived: z.boolean(),
});
export type SearchPlace = z.infer<typeof SearchPlaceSchema>;

export const SearchResultSchema = z.object({
  taskId: IdSchema,
  name: z.string(),
  /** The task's state as the caller's workspace sees it. */
  state: z.enum(TASK_STATES),
  place: SearchPlaceSchema,
  /** Where the words were found first: the name, else the notes, else the checklist. */
  matchedIn: z.enum(['name', 'notes', 'checklist']),
  /** The words in their notes or checklist item, cut around them; null when the name matched. */
  excerpt: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchPageSchema = z.object({
  results: z.array(SearchResultSchema),
  /** The cursor of the page after this one; null when this is the last. */
  next: z.string().nullable(),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;
