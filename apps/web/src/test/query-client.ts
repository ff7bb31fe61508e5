import { createQueryClient } from '../app/query-client.ts';

/**
 * The app's query client without retries: a failing query in a test fails at once instead of
 * after the app's back-off, so error states show without waiting and timing out.
 */
export function createTestQueryClient() {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false },
    mutations: { ...defaults.mutations, retry: false },
  });
  return queryClient;
}
