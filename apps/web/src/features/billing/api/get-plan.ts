import type { PlanResponse } from '@hustle/shared/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

export const planQueryKey = ['plan'] as const;

export const planQuery = queryOptions({
  queryKey: planQueryKey,
  queryFn: ({ signal }): Promise<PlanResponse> => api.getPlan({ signal }),
});

export function usePlan() {
  return useQuery(planQuery);
}
