import type { SessionResponse } from '@hustle/shared/auth';
import { STORAGE_KEYS } from '@hustle/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

async function fetchSession(signal: AbortSignal): Promise<SessionResponse> {
  const session = await api.getSession({ signal });
  localStorage.setItem(STORAGE_KEYS.featureFlags, JSON.stringify(session.featureFlags));
  return session;
}

/** The session query: read again when the account's features change (decision 057). */
export const sessionQueryKey = ['session'] as const;

const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: Infinity,
});

export function useSession() {
  return useQuery(sessionQuery);
}
