import { InviteLinkResponseSchema } from '@hustle/shared/invites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client.ts';
import { inviteLinkQueryKey } from './get-invite-link.ts';

export const regenerateInviteLink = (projectId: string) =>
  apiRequest(`/api/v1/projects/${encodeURIComponent(projectId)}/invite-link/regenerate`, {
    method: 'POST',
    schema: InviteLinkResponseSchema,
  });

/** A new link for the project; the old one stops working (issue 5). */
export function useRegenerateInviteLink(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateInviteLink(projectId),
    onSuccess: (link) => queryClient.setQueryData(inviteLinkQueryKey(projectId), link),
  });
}
