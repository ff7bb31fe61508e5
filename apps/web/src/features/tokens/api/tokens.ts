import type { CreateTokenBody, PersonalToken } from '@hustle/shared/tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { errorMessage } from '../../../api/api-error.ts';
import { useToastStore } from '../../../ui/toast-store.ts';

const tokensQueryKey = ['tokens'] as const;

/** The account's access tokens, newest first (issue 32). */
export function useTokens() {
  return useQuery({
    queryKey: tokensQueryKey,
    queryFn: async ({ signal }): Promise<PersonalToken[]> =>
      (await api.listTokens({ signal })).tokens,
  });
}

/** Makes a token: the answer holds its secret, the one time it is ever shown. */
export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTokenBody) => api.createToken({ body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}

/**
 * Revokes a token and says so. The words are the hook's, not the row's: the row is gone from the
 * list by the time the answer is in.
 */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  const addToast = useToastStore((state) => state.addToast);
  return useMutation({
    mutationFn: (token: PersonalToken) => api.revokeToken({ params: { id: token.id } }),
    onSuccess: (_answer, revoked) => {
      queryClient.setQueryData<PersonalToken[]>(tokensQueryKey, (tokens) =>
        tokens?.filter((token) => token.id !== revoked.id),
      );
      addToast({ message: `${revoked.name} is revoked.` });
    },
    onError: (error, token) =>
      addToast({
        message: `Could not revoke ${token.name}. ${errorMessage(error)}`,
        tone: 'danger',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}
