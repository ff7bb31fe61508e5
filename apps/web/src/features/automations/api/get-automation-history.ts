import type { AutomationHistory } from '@hustle/shared/automations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { registerLocalSlice } from '../../../sync/outbox/local-slices.ts';
import { outboxOf } from '../../../sync/outbox/outbox-state.ts';

export const automationHistoryQueryKey = (id: string) => ['automation-history', id] as const;

registerLocalSlice('automationHistory', (command) =>
  'automationId' in command ? [automationHistoryQueryKey(command.automationId)] : [],
);

export const automationHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: automationHistoryQueryKey(id),
    queryFn: async ({ signal, client }): Promise<AutomationHistory> => {
      const history = await api.getAutomationHistory({ params: { id }, signal });
      // Pauses and skips still in the outbox stay shown (decision 028).
      return outboxOf(client)?.withPending('automationHistory', history) ?? history;
    },
  });

/** An automation's past periods, newest first, and the coming run a skip would skip. */
export function useAutomationHistory(id: string) {
  return useQuery(automationHistoryQuery(id));
}
