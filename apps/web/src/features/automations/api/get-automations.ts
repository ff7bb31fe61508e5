import { AutomationSchema, type Automation } from '@hustle/shared/automations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../api/http-client.ts';

export const automationsQueryKey = ['automations'] as const;

export const automationsQuery = queryOptions({
  queryKey: automationsQueryKey,
  queryFn: async ({ signal }): Promise<Automation[]> => {
    try {
      return await apiRequest('/api/v1/automations', { schema: z.array(AutomationSchema), signal });
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
