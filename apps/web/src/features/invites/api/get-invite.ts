import { InviteResponseSchema } from '@hustle/shared/invites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client.ts';

export const inviteQueryKey = (token: string) => ['invite', token] as const;

export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: inviteQueryKey(token),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/invites/${encodeURIComponent(token)}`, {
        schema: InviteResponseSchema,
        signal,
      }),
  });

export function useInvite(token: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...inviteQuery(token), enabled });
}
