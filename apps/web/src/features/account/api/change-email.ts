import type { SessionResponse } from '@hustle/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (email: string) => api.requestEmailChange({ body: { email } }),
  });
}

/** The code from the new address's mail; the signed-in session shows the new address at once. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.confirmEmailChange({ body: { code } }),
    onSuccess: ({ email }) =>
      queryClient.setQueryData<SessionResponse>(['session'], (session) =>
        session ? { ...session, email } : session,
      ),
  });
}
