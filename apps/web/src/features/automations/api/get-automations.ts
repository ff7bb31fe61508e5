import type { Automation } from '@hustle/shared/automations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { readAgainWhenRulesChange } from './read-again-when-rules-change.ts';
import { registerLocalSlice } from '../../../sync/outbox/local-slices.ts';
import { outboxOf } from '../../../sync/outbox/outbox-state.ts';

export const automationsQueryKey = ['automations'] as const;

registerLocalSlice('automations', () => [automationsQueryKey]);
readAgainWhenRulesChange(automationsQueryKey);

export const automationsQuery = queryOptions({
  queryKey: automationsQueryKey,
  queryFn: async ({ signal, client }): Promise<Automation[]> => {
    try {
      const automations = await api.listAutomations({ signal });
      // Creates and deletes still in the outbox stay shown (decision 028).
      return outboxOf(client)?.withPending('automations', automations) ?? automations;
    } catch (error) {
      // spec §8: a failed automation fetch leaves the list empty and is only logged.
      console.warn('Could not load automations', error);
      throw error;
    }
  },
});

export function useAutomations() {
  return useQuery(automationsQuery);
}
