import { InviteLinkResponseSchema } from '@hustle/shared/invites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client.ts';

export const inviteLinkQueryKey = (projectId: string) => ['invite-link', projectId] as const;

export const fetchInviteLink = (projectId: string, signal?: AbortSignal) =>
  apiRequest(`/api/v1/projects/${encodeURIComponent(projectId)}/invite-link`, {
    schema: InviteLinkResponseSchema,
    signal,
  });

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
