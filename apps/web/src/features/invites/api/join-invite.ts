import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { useWorkspaceId, workspaceQueryKey } from '../../../sync/workspace/get-workspace.ts';
import { inviteQueryKey } from './get-invite.ts';

export const joinInvite = (token: string) =>
  api.joinInvite({ params: { inviteToken: token }, body: {} });

/**
 * Joins the project; the workspace is read again before the caller moves on, even while no
 * screen shows it (`refetchType: 'all'`), so Plan opens with the project in it (issue 28).
 */
export function useJoinInvite(token: string) {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  return useMutation({
    mutationFn: () => joinInvite(token),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: workspaceQueryKey(workspaceId),
          refetchType: 'all',
        }),
        queryClient.invalidateQueries({ queryKey: inviteQueryKey(token) }),
      ]),
  });
}
