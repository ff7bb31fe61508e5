import { searchWords, SEARCH_QUERY_MAX_LENGTH, type SearchResult } from '@hustle/shared/search';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../../api/api-client.ts';
import type { RestOfList } from '../../../ui/more-of-list.tsx';

/** How long typing pauses before the search is asked: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 200;

/** Whether the server has a word to look for: punctuation alone, or too long, asks nothing. */
export const isSearchable = (query: string) =>
  searchWords(query).length > 0 && query.trim().length <= SEARCH_QUERY_MAX_LENGTH;

/** `value` once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface TaskSearch {
  /** The results of the pages read so far; undefined before the first answer. */
  results: SearchResult[] | undefined;
  /** The results answer an earlier query while the one typed now is looked up. */
  isPrevious: boolean;
  isLoading: boolean;
  error: Error | null;
  retry: () => void;
  more: RestOfList;
}

/**
 * Issue 31 item 6: the caller's tasks holding the typed words, a page at a time. Results are not
 * kept in the browser (only the lists the screens show are), so offline the search says so.
 */
export function useTaskSearch(query: string, { isEnabled = true } = {}): TaskSearch {
  const q = query.trim();
  const isAsked = isEnabled && isSearchable(q);
  const search = useInfiniteQuery({
    queryKey: ['search', q] as const,
    queryFn: ({ pageParam, signal }) =>
      api.searchTasks({ query: pageParam ? { q, cursor: pageParam } : { q }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled: isAsked,
    // The last answer stays shown while the next word is looked up.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const { data, hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError } = search;
  const { fetchNextPage, refetch } = search;
  // One array per answer, so a choice made in it can tell when a new answer replaces it.
  const results = useMemo(() => data?.pages.flatMap((page) => page.results), [data]);
  const loadMore = useCallback(() => {
    if (!isFetching) void fetchNextPage();
  }, [fetchNextPage, isFetching]);
  return {
    results: isAsked ? results : undefined,
    isPrevious: search.isPlaceholderData,
    isLoading: isAsked && (search.isPending || (search.isPlaceholderData && isFetching)),
    error: isAsked && !search.isPlaceholderData ? search.error : null,
    retry: () => void refetch(),
    more: {
      hasMore: isAsked && hasNextPage,
      isLoading: isFetchingNextPage,
      isError: isFetchNextPageError,
      loadMore,
    },
  };
}
