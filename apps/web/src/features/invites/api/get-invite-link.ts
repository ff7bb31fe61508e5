import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

export const inviteLinkQueryKey = (projectId: string) => ['invite-link', projectId] as const;

export const fetchInviteLink = (projectId: string, signal?: AbortSignal) =>
  api.getInviteLink({ params: { projectId }, signal });

export const inviteLinkQuery = (projectId: string) =>
  queryOptions({
    queryKey: inviteLinkQueryKey(projectId),
    queryFn: ({ signal }) => fetchInviteLink(projectId, signal),
    // The link stays the same until the owner makes a new one.
    staleTime: Infinity,
  });

export function useInviteLink(projectId: string) {
  return useQuery(inviteLinkQuery(projectId));
}
