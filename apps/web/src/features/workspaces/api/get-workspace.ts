import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useSession } from '../../../api/session.ts';

export const workspaceQueryKey = (workspaceId: string) => ['workspace', workspaceId] as const;

export const workspaceQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: workspaceQueryKey(workspaceId),
    queryFn: ({ signal }): Promise<WorkspaceResponse> =>
      api.getWorkspace({ params: { id: workspaceId }, signal }),
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
