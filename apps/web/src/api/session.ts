import type { SessionResponse } from '@hustle/shared/auth';
import { STORAGE_KEYS } from '@hustle/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

async function fetchSession(signal: AbortSignal): Promise<SessionResponse> {
  const session = await api.getSession({ signal });
  localStorage.setItem(STORAGE_KEYS.featureFlags, JSON.stringify(session.featureFlags));
  return session;
}

const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: Infinity,
});

export function useSession() {
  return useQuery(sessionQuery);
}
