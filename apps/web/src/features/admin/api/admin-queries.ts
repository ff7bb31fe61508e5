import type { FeatureFlag } from '@hustle/shared/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

const adminKey = ['admin'] as const;

/** Accounts, tasks and the database's size. */
export function useAdminOverview() {
  return useQuery({
    queryKey: [...adminKey, 'overview'],
    queryFn: ({ signal }) => api.getAdminOverview({ signal }),
  });
}

/** The accounts whose address holds `search`; the last list stays while a new one loads. */
export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: [...adminKey, 'users', search],
    queryFn: ({ signal }) => api.listAdminUsers({ query: search ? { q: search } : {}, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What the admins did, the newest first. */
export function useAdminActions() {
  return useQuery({
    queryKey: [...adminKey, 'actions'],
    queryFn: ({ signal }) => api.listAdminActions({ signal }),
  });
}

export type AccountChange =
  | { kind: 'disable'; userId: string }
  | { kind: 'enable'; userId: string }
  | { kind: 'feature-flags'; userId: string; featureFlags: FeatureFlag[] | null };

/**
 * An admin's change of an account, sent straight to the server (not through the outbox: it is
 * not the admin's own data, and it must not happen later, offline). Every admin list is read
 * again after it, so the figures and the record of actions show it too.
 */
export function useAccountChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AccountChange) => {
      const params = { id: change.userId };
      if (change.kind === 'disable') return api.disableUser({ params });
      if (change.kind === 'enable') return api.enableUser({ params });
      return api.setUserFeatureFlags({ params, body: { featureFlags: change.featureFlags } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
