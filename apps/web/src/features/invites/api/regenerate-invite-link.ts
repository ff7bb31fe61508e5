import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { inviteLinkQueryKey } from './get-invite-link.ts';

export const regenerateInviteLink = (projectId: string) =>
  api.regenerateInviteLink({ params: { projectId } });

/** A new link for the project; the old one stops working (issue 5). */
export function useRegenerateInviteLink(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateInviteLink(projectId),
    onSuccess: (link) => queryClient.setQueryData(inviteLinkQueryKey(projectId), link),
  });
}
