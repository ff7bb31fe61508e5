import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client.ts';
import { useSession } from '../../api/session.ts';

import { outboxOf } from '../outbox/outbox-state.ts';
import { workspaceQueryKey } from './workspace-query-key.ts';

export { workspaceQueryKey };

const WORKSPACE_FRESH_MS = 60_000;

/**
 * Answers read from the server in this visit, as against copies restored from the browser. A
 * refetch that the query merges into the copy shown (structural sharing) is not among them, so
 * a doubt errs towards catching up.
 */
const readThisVisit = new WeakSet<WorkspaceResponse>();

/** Whether the workspace shown was read from the server in this visit (decision 028). */
export const isReadThisVisit = (workspace: WorkspaceResponse | undefined): boolean =>
  workspace !== undefined && readThisVisit.has(workspace);

export const workspaceQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: workspaceQueryKey(workspaceId),
    queryFn: async ({ signal, client }): Promise<WorkspaceResponse> => {
      const workspace = await api.getWorkspace({ params: { id: workspaceId }, signal });
      // Changes still in the outbox are not in the answer yet: they stay shown (decision 028).
      const shown = outboxOf(client)?.withPending('workspace', workspace) ?? workspace;
      readThisVisit.add(shown);
      return shown;
    },
    // Live updates, the check on returning to the tab and every own change keep it current
    // (decision 020); a screen opened meanwhile, or a copy restored from the browser
    // (decision 028), does not reread it whole.
    staleTime: WORKSPACE_FRESH_MS,
  });

/** The signed-in user's workspace id (the signed-in app renders only once the session is known). */
export function useWorkspaceId(): string {
  const { data } = useSession();
  if (!data) throw new Error('useWorkspaceId needs a loaded session');
  return data.workspaceId;
}

export function useWorkspace() {
  return useQuery(workspaceQuery(useWorkspaceId()));
}
