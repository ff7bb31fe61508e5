import type { AutomationHistory } from '@hustle/shared/automations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

export const automationHistoryQueryKey = (id: string) => ['automation-history', id] as const;

export const automationHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: automationHistoryQueryKey(id),
    queryFn: ({ signal }): Promise<AutomationHistory> =>
      api.getAutomationHistory({ params: { id }, signal }),
  });

/** An automation's past periods, newest first, and the coming run a skip would skip. */
export function useAutomationHistory(id: string) {
  return useQuery(automationHistoryQuery(id));
}
