import type { CreateTokenBody, PersonalToken } from '@hustle/shared/tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

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

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.revokeToken({ params: { id } }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<PersonalToken[]>(tokensQueryKey, (tokens) =>
        tokens?.filter((token) => token.id !== id),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}
