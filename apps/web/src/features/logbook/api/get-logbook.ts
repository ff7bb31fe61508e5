import type { LogbookPage, LogbookWeek } from '@hustle/shared/logbook';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api } from '../../../api/api-client.ts';
import { onChangesHeard } from '../../../sync/live/changes-heard.ts';
import type { RestOfList } from '../../../ui/more-of-list.tsx';
import { mergeLogbookPages, type LogbookDayShown } from '../model/logbook-days.ts';

const LOGBOOK_KEY = ['logbook'] as const;

// A task completed, reverted, renamed or deleted elsewhere, or time recorded: the logbook shown
// is read again (decision 078). Its reads are bounded pages, so reading them again is cheap.
onChangesHeard((queryClient, changes) => {
  const isTouched =
    changes.tasks.length > 0 ||
    changes.automations.length > 0 ||
    changes.projects.length > 0 ||
    changes.removed.tasks.length > 0 ||
    changes.removed.projects.length > 0 ||
    changes.focus !== undefined;
  return isTouched ? queryClient.invalidateQueries({ queryKey: LOGBOOK_KEY }) : undefined;
});

export interface LogbookDays {
  days: LogbookDayShown[] | undefined;
  isPending: boolean;
  error: Error | null;
  retry: () => void;
  more: RestOfList;
}

/** Issue 30 item 4: the caller's completed tasks by day, newest first, a page at a time. */
export function useLogbookDays({ isEnabled = true } = {}): LogbookDays {
  const query = useInfiniteQuery({
    enabled: isEnabled,
    queryKey: [...LOGBOOK_KEY, 'days'] as const,
    queryFn: ({ pageParam, signal }): Promise<LogbookPage> =>
      api.getLogbook({ query: pageParam ? { before: pageParam } : {}, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
  const { data, hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError } = query;
  const { fetchNextPage, refetch } = query;
  const days = useMemo(() => data && mergeLogbookPages(data.pages), [data]);
  const loadMore = useCallback(() => {
    if (!isFetching) void fetchNextPage();
  }, [fetchNextPage, isFetching]);
  return {
    days,
    isPending: query.isPending,
    // A failed next page is said at the list's end; a failed first read, in the list's place.
    error: data ? null : query.error,
    retry: () => void refetch(),
    more: {
      hasMore: hasNextPage,
      isLoading: isFetchingNextPage,
      isError: isFetchNextPageError,
      loadMore,
    },
  };
}

/** A week's totals; `day` is any day of it, undefined for this week. */
export function useLogbookWeek(day: string | undefined) {
  return useQuery({
    queryKey: [...LOGBOOK_KEY, 'week', day ?? 'this'] as const,
    queryFn: ({ signal }): Promise<LogbookWeek> =>
      api.getLogbookWeek({ query: day ? { day } : {}, signal }),
  });
}
