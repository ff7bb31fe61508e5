import { applyWorkspacePage } from '@hustle/shared/sync-apply';
import type { WorkspaceList, WorkspaceResponse } from '@hustle/shared/workspace';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../api/api-client.ts';
import { useWorkspace, useWorkspaceId, workspaceQueryKey } from './get-workspace.ts';
import type { RestOfList } from '../../ui/more-of-list.tsx';

/**
 * The rest of a long list, a page at a time (decision 029): the workspace answer holds the
 * first page and the cursor of the next; each page joins the cached workspace, so live updates
 * and the row commands work on it as on the first page.
 */
export function useMoreOfList(list: WorkspaceList): RestOfList {
  const workspaceId = useWorkspaceId();
  const queryClient = useQueryClient();
  const after = useWorkspace().data?.more[list] ?? null;
  const running = useRef<string | null>(null);
  const [state, setState] = useState<{ loading: boolean; failedAt: string | null }>({
    loading: false,
    failedAt: null,
  });

  const loadMore = useCallback(() => {
    if (after === null || running.current === after) return;
    running.current = after;
    setState({ loading: true, failedAt: null });
    api
      .getWorkspacePage({ params: { id: workspaceId, list }, query: { after } })
      .then((page) => {
        queryClient.setQueryData<WorkspaceResponse>(
          workspaceQueryKey(workspaceId),
          (copy) => copy && applyWorkspacePage(copy, page, after),
        );
        setState({ loading: false, failedAt: null });
      })
      .catch(() => setState({ loading: false, failedAt: after }))
      .finally(() => {
        running.current = null;
      });
  }, [after, list, queryClient, workspaceId]);

  return {
    hasMore: after !== null,
    isLoading: state.loading,
    isError: state.failedAt !== null && state.failedAt === after,
    loadMore,
  };
}
