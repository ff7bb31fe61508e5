import { PlanResponseSchema, type PlanResponse } from '@hustle/shared/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client.ts';

export const planQueryKey = ['plan'] as const;

export const planQuery = queryOptions({
  queryKey: planQueryKey,
  queryFn: ({ signal }): Promise<PlanResponse> =>
    apiRequest('/api/v1/user/plan', { schema: PlanResponseSchema, signal }),
});

export function usePlan() {
  return useQuery(planQuery);
}
