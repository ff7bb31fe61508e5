import { AUTOMATION_PSEUDO_PROJECT } from '@hustle/shared/constants';
import {
  SEARCH_MAX_RESULTS,
  SEARCH_PAGE_SIZE,
  searchWords,
  type SearchPage,
  type SearchPlace,
  type SearchResult,
} from '@hustle/shared/search';
import { deriveTaskState } from '@hustle/shared/tasks';
import type { Db, DialectName } from '../../db/database.ts';
import * as repo from './search.repository.ts';

/** A last word this short matches whole: as a start it would match nearly every task. */
const MIN_PREFIX_LENGTH = 2;
/** Characters of an excerpt around the first found word. */
const EXCERPT_LENGTH = 90;

export interface SearchService {
  search(
    session: { workspaceId: string },
    input: { q: string; cursor?: number | undefined },
  ): Promise<SearchPage>;
}

/** Issue 31 item 6 (decision 075): the caller's tasks that hold the typed words, best first. */
export function createSearchService({
  db,
  dialect,
}: {
  db: Db;
  dialect: DialectName;
}): SearchService {
  return {
    async search({ workspaceId }, { q, cursor = 0 }) {
      const words = searchWords(q);
      if (words.length === 0) return { results: [], next: null };
      const homes = [workspaceId, ...(await repo.projectIdsShownIn(db, workspaceId))];
      const isLastPrefix = words.at(-1)!.length >= MIN_PREFIX_LENGTH;
      const limit = Math.min(SEARCH_PAGE_SIZE, SEARCH_MAX_RESULTS - cursor);
      const rows = await repo.findTasks(
        db,
        dialect,
        workspaceId,
        { words, isLastPrefix, homes },
        { offset: cursor, limit: limit + 1, candidates: SEARCH_MAX_RESULTS },
      );
      const shown = rows.slice(0, limit);
      const checklists = await repo.checklistsOf(
        db,
        shown.map((row) => row.id),
      );
      const matches = wordMatcher(words, isLastPrefix);
      const results = shown.map((row) =>
        toResult(
          row,
          checklists.filter((item) => item.task_id === row.id).map((item) => item.name),
          matches,
        ),
      );
      const end = cursor + shown.length;
      const hasMore = rows.length > limit && end < SEARCH_MAX_RESULTS;
      return { results, next: hasMore ? String(end) : null };
    },
  };
}

/** Whether a text holds one of the words, as the index reads words. */
type Matcher = (text: string) => boolean;

function wordMatcher(words: string[], isLastPrefix: boolean): Matcher {
  return (text) => {
    const inText = new Set(searchWords(text));
    return words.some(
      (word, index) =>
        inText.has(word) ||
        (isLastPrefix &&
          index === words.length - 1 &&
          [...inText].some((found) => found.startsWith(word))),
    );
  };
}

function toResult(row: repo.FoundRow, checklist: string[], matches: Matcher): SearchResult {
  const base = {
    taskId: row.id,
    name: row.name,
    state: deriveTaskState(row.completed_at, row.planned_task_id !== null),
    place: placeOf(row),
  };
  if (matches(row.name)) return { ...base, matchedIn: 'name', excerpt: null };
  if (matches(row.notes)) {
    return { ...base, matchedIn: 'notes', excerpt: excerptOf(row.notes, matches) };
  }
  const item = checklist.find(matches);
  if (item !== undefined) return { ...base, matchedIn: 'checklist', excerpt: item };
  // Words split over the fields all matched the index; the name is what the row shows.
  return { ...base, matchedIn: 'name', excerpt: null };
}

/** Where a task lives as its reader's workspace shows it (the logbook's rows say it too). */
export function placeOf(
  row: Pick<
    repo.FoundRow,
    'project_id' | 'automation_id' | 'project_name' | 'project_color' | 'project_archived_at'
  >,
): SearchPlace {
  if (row.project_id !== null) {
    return {
      kind: 'project',
      projectId: row.project_id,
      name: row.project_name ?? '',
      color: row.project_color,
      isArchived: row.project_archived_at !== null,
    };
  }
  return row.automation_id !== null
    ? {
        kind: 'automation',
        projectId: null,
        name: AUTOMATION_PSEUDO_PROJECT.name,
        color: AUTOMATION_PSEUDO_PROJECT.color,
        isArchived: false,
      }
    : { kind: 'inbox', projectId: null, name: 'Inbox', color: null, isArchived: false };
}

/** The line of the notes holding the first found word, cut to about EXCERPT_LENGTH around it. */
function excerptOf(notes: string, matches: Matcher): string {
  const lines = notes.split('\n').filter((line) => line.trim() !== '');
  const line = (lines.find(matches) ?? lines[0] ?? '').trim();
  if (line.length <= EXCERPT_LENGTH) return line;
  const words = line.split(/\s+/);
  const at = Math.max(0, words.findIndex(matches));
  let start = at;
  let text = words[at] ?? '';
  // Some words before the found one, then as many after as fit.
  while (start > 0 && at - start < 4) text = `${words[--start]} ${text}`;
  let end = at + 1;
  while (end < words.length && text.length + words[end]!.length + 1 <= EXCERPT_LENGTH) {
    text = `${text} ${words[end]}`;
    end += 1;
  }
  return `${start > 0 ? '… ' : ''}${text.slice(0, EXCERPT_LENGTH)}${end < words.length ? ' …' : ''}`;
}
