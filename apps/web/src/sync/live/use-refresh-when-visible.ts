import { useQueryClient } from '@tanstack/react-query';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useEffect } from 'react';
import { fetchWorkspaceVersion } from '../workspace/get-version.ts';
import { workspaceQueryKey } from '../workspace/get-workspace.ts';
import { catchUpWorkspace } from './catch-up.ts';

/**
 * spec §4 "Workspace refresh": when the tab becomes visible again, compare the server's version
 * with the one shown and, if they differ, fetch the changes since it (decision 020). A failed
 * check is only logged.
 */
export function useRefreshWhenVisible(workspaceId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onVisibilityChange = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const { version } = await fetchWorkspaceVersion();
        const shown = queryClient.getQueryData<WorkspaceResponse>(workspaceQueryKey(workspaceId));
        if (shown && shown.version !== version) {
          await catchUpWorkspace(queryClient, workspaceId);
        }
      } catch (error) {
        console.warn('Could not check the workspace version', error);
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [queryClient, workspaceId]);
}
