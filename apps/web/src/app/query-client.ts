import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';

const MAX_RETRIES = 2;

/** A 4xx will not change by asking again; network and server failures might. */
function shouldRetry(failureCount: number, error: Error) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
