import { SEARCH_QUERY_MAX_LENGTH, type SearchResult } from '@hustle/shared/search';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useOpenTask } from '../../stores/open-task.ts';
import { MoreOfList } from '../../ui/more-of-list.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useDebounced, useTaskSearch } from './api/search-tasks.ts';
import { resultOptionId, SearchResults } from './components/search-results.tsx';
import fieldStyles from '../../ui/text-field.module.css';
import styles from './search-screen.module.css';

const QUERY_PARAM = 'q';

/**
 * The field's text, and the same once typing pauses, which is kept in the address
 * (`/search?q=`, so back and reload keep the search) and asked of the server.
 */
function useQueryParam(): [string, (query: string) => void, string] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const [query, setQuery] = useState(() => searchParams.get(QUERY_PARAM) ?? '');
  const settled = useDebounced(query);
  useEffect(() => {
    // Left already: the address moved on while the next screen loads, and this screen is still
    // shown until it has. Writing `q` now would take the user back here.
    if (window.location.pathname !== pathname) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (settled.trim() === '') next.delete(QUERY_PARAM);
        else next.set(QUERY_PARAM, settled);
        return next;
      },
      { replace: true },
    );
  }, [settled, setSearchParams, pathname]);
  return [query, setQuery, settled];
}

/**
 * Issue 31 item 6 (/search, the `/` key): every task the user can see — open, done, in archived
 * projects — found by a word of its name, notes or checklist. Choosing one opens its details.
 */
export function SearchScreen() {
  const [query, setQuery, settled] = useQueryParam();
  const asked = settled.trim();
  const search = useTaskSearch(asked);
  const openTask = useOpenTask();
  const listId = useId();
  // The keyboard's choice, of the answer it was made in: a new answer starts from the top.
  const [active, setActive] = useState({ of: search.results, index: -1 });
  const activeIndex = active.of === search.results ? active.index : -1;
  const field = useRef<HTMLInputElement>(null);
  const results = search.results ?? [];

  useEffect(() => field.current?.focus(), []);

  const choose = (result: SearchResult) => openTask(result.taskId);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step && results.length > 0) {
      event.preventDefault();
      const count = results.length;
      const from = activeIndex < 0 ? (step > 0 ? -1 : count) : activeIndex;
      const index = (from + step + count) % count;
      setActive({ of: search.results, index });
      return;
    }
    const active = results[activeIndex] ?? (results.length === 1 ? results[0] : undefined);
    if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    }
  };

  return (
    <div className={styles.screen}>
      <PageHeader
        title="Search"
        subtitle="Tasks by name, notes and checklist — open, done and archived."
      />
      <div className={fieldStyles.field}>
        <label htmlFor={`${listId}-field`} className={fieldStyles.label}>
          Search tasks
        </label>
        <input
          ref={field}
          id={`${listId}-field`}
          type="search"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? resultOptionId(listId, activeIndex) : undefined}
          className={fieldStyles.input}
          value={query}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder="A word of a task’s name, notes or checklist"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <SearchResults
        listId={listId}
        query={asked}
        results={search.results}
        isLoading={search.isLoading}
        isPrevious={search.isPrevious}
        error={search.error}
        onRetry={search.retry}
        activeIndex={activeIndex}
        onChoose={choose}
      />
      <MoreOfList more={search.more} label="Show more results" />
    </div>
  );
}
