import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceId, workspaceQueryKey } from '../../workspaces/api/get-workspace.ts';
import { inviteQueryKey } from './get-invite.ts';

export const joinInvite = (token: string) =>
  api.joinInvite({ params: { inviteToken: token }, body: {} });

/** Joins the project; the workspace is read again so the project shows wherever the user goes. */
export function useJoinInvite(token: string) {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  return useMutation({
    mutationFn: () => joinInvite(token),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceQueryKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: inviteQueryKey(token) }),
      ]),
  });
}
