import type { Automation } from '@hustle/shared/automations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

export const automationsQueryKey = ['automations'] as const;

export const automationsQuery = queryOptions({
  queryKey: automationsQueryKey,
  queryFn: async ({ signal }): Promise<Automation[]> => {
    try {
      return await api.listAutomations({ signal });
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
