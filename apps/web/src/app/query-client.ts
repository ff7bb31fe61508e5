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

export function createQueryClient() {
  // TanStack Query takes the browser to be online until an event says otherwise: a page opened
  // (or reloaded) offline says so at once, and keeps saying it after the reload (issue 28).
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
