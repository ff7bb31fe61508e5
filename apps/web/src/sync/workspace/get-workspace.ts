import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { applyCarryOver } from '@hustle/shared/commands/carry-over-copy';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/api-client.ts';
import { useSession } from '../../api/session.ts';

import { outboxOf } from '../outbox/outbox-state.ts';
import { useToday } from './use-today.ts';
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

/**
 * The workspace as the screens show it: the copy, carried over when the user's day has ended
 * since it was read, by the rule the server applies on its next read (decision 060).
 */
export function useWorkspace(): UseQueryResult<WorkspaceResponse> {
  const query = useQuery(workspaceQuery(useWorkspaceId()));
  const today = useToday(query.data?.days.timeZone ?? 'UTC');
  const shown = useMemo(
    () => (query.data ? applyCarryOver(query.data, today) : query.data),
    [query.data, today],
  );
  return shown === query.data ? query : ({ ...query, data: shown } as typeof query);
}

/** The user's time zone, as the workspace answer names it: the one reminder times are read in. */
export function useWorkspaceTimeZone(): string {
  const { data } = useQuery(workspaceQuery(useWorkspaceId()));
  return data?.days.timeZone ?? 'UTC';
}

/** Today where the user is, by the time zone the workspace answer names. */
export function useWorkspaceToday(): string {
  const { data } = useQuery(workspaceQuery(useWorkspaceId()));
  return useToday(data?.days.timeZone ?? 'UTC');
}
