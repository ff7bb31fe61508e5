import type { AccountSession } from '@hustle/shared/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

const sessionsQueryKey = ['account', 'sessions'] as const;

/** The devices signed in to the account, the most recently active first. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async ({ signal }): Promise<AccountSession[]> =>
      (await api.listSessions({ signal })).sessions,
  });
}

/** Signs one device out, or every other one; the list is read again either way. */
export function useSignOutDevices() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  const one = useMutation({
    mutationFn: (id: string) => api.revokeSession({ params: { id } }),
    onSettled: settle,
  });
  const others = useMutation({
    mutationFn: () => api.revokeOtherSessions(),
    onSettled: settle,
  });
  return { one, others };
}
