import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catchUpWorkspace } from './catch-up.ts';
import { isReadThisVisit, workspaceQueryKey } from '../workspace/get-workspace.ts';

/**
 * Opens the signed-in user's outbox as their app mounts, so commands an earlier visit left
 * waiting are shown and sent (decision 028); as the app mounts with a copy from the browser, and
 * each time the outbox empties, the workspace catches up with the server's state by version
 * (decision 020).
 */
export function useOutboxCatchUp(workspaceId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A copy restored from the browser (decision 028) may be behind in what changes with time,
    // not writes — the plan's access, which every sync answer carries (decision 020): ask once.
    // An answer read in this visit is as current as a catch-up would make it.
    const shown = queryClient.getQueryData<WorkspaceResponse>(workspaceQueryKey(workspaceId));
    if (!isReadThisVisit(shown)) void catchUpWorkspace(queryClient, workspaceId);
    let isStopped = false;
    let stop = () => undefined as void;
    // The commands load apart from the app shell (decision 016).
    void import('../outbox/run-command.ts').then(({ outboxFor }) => {
      if (isStopped) return;
      const outbox = outboxFor(queryClient);
      outbox.onDrained = () => void catchUpWorkspace(queryClient, workspaceId);
      stop = () => {
        outbox.onDrained = undefined;
      };
    });
    return () => {
      isStopped = true;
      stop();
    };
  }, [queryClient, workspaceId]);
}
