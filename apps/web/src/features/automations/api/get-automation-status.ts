import type { AutomationStatusItem } from '@hustle/shared/automations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { readAgainWhenRulesChange } from './read-again-when-rules-change.ts';
import { registerLocalSlice } from '../../../sync/outbox/local-slices.ts';

export const automationStatusQueryKey = ['automation-status'] as const;

registerLocalSlice('automationStatus', () => [automationStatusQueryKey]);
readAgainWhenRulesChange(automationStatusQueryKey);

/** This month's status of each automation, most urgent first (the server's order, kept). */
export const automationStatusQuery = queryOptions({
  queryKey: automationStatusQueryKey,
  queryFn: async ({ signal }): Promise<AutomationStatusItem[]> => {
    try {
      return await api.listAutomationStatuses({ signal });
    } catch (error) {
      // spec §8: a failed automation fetch leaves the list empty and is only logged.
      console.warn('Could not load the automation status', error);
      throw error;
    }
  },
});

export function useAutomationStatus() {
  return useQuery(automationStatusQuery);
}
