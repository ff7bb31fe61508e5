import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';

const MAX_RETRIES = 2;

/** A 4xx or an answer that does not parse will be the same next time; a network blip may not. */
export function shouldRetry(failureCount: number, error: Error) {
  if (error instanceof ApiError) {
    if (error.code === 'UNPARSABLE_RESPONSE') return false;
    if (error.status >= 400 && error.status < 500) return false;
  }
  return failureCount < MAX_RETRIES;
}

/**
 * TanStack Query takes the browser to be online until an event says otherwise: a page opened (or
 * reloaded) offline tells it at its start, so it shows as offline at once (issue 28).
 */
export function startOnlineFromBrowser(): void {
  onlineManager.setOnline(navigator.onLine);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
