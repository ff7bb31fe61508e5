import type { ProjectTasksPage } from '@hustle/shared/projects';
import type { Task } from '@hustle/shared/tasks';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../../../api/api-client.ts';
import type { RestOfList } from '../../../ui/more-of-list.tsx';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';

const projectTasksKey = (projectId: string) => ['project-tasks', projectId] as const;

/**
 * The server sends open tasks first (decision 035): a page that reaches a completed task holds
 * the last of the open ones, and the modals need no page after it.
 */
const holdsLastOpenTask = (page: ProjectTasksPage) =>
  page.tasks.some((task) => task.completedAt !== null);

export interface ProjectTasks {
  /** The tasks of the pages read so far, in the server's order; undefined before the first. */
  tasks: Task[] | undefined;
  /** Every open task of the project is among `tasks`. */
  isWhole: boolean;
  /** Nothing read yet, and nothing can be until the browser is back online. */
  isOffline: boolean;
  more: RestOfList;
  error: Error | null;
}

/**
 * A project's open tasks for the detail modals, a page at a time (decision 035): the first page
 * at once, the next ones as `more.loadMore` asks. Whenever the workspace changes, the pages
 * read so far are read again, as the whole list was before it came in pages.
 */
export function useProjectTasks(projectId: string): ProjectTasks {
  const queryClient = useQueryClient();
  const version = useWorkspace().data?.version;
  const query = useInfiniteQuery({
    queryKey: projectTasksKey(projectId),
    queryFn: ({ pageParam, signal }) =>
      api.getProjectTasksPage({
        params: { id: projectId },
        query: pageParam === null ? {} : { after: pageParam },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (holdsLastOpenTask(page) ? null : page.next),
  });

  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    void queryClient.invalidateQueries({ queryKey: projectTasksKey(projectId), exact: true });
  }, [projectId, queryClient, version]);

  const { data, hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError } = query;
  const { fetchNextPage } = query;
  // A page asked for while the pages held are read again would join a list being replaced.
  const loadMore = useCallback(() => {
    if (!isFetching) void fetchNextPage();
  }, [fetchNextPage, isFetching]);

  return {
    tasks: data?.pages.flatMap((page) => page.tasks),
    isWhole: data !== undefined && !hasNextPage,
    isOffline: data === undefined && query.fetchStatus === 'paused',
    more: {
      hasMore: hasNextPage,
      isLoading: isFetchingNextPage,
      isError: isFetchNextPageError,
      loadMore,
    },
    error: query.error,
  };
}
