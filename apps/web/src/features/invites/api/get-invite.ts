import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';

export const inviteQueryKey = (token: string) => ['invite', token] as const;

export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: inviteQueryKey(token),
    queryFn: ({ signal }) => api.readInvite({ params: { inviteToken: token }, signal }),
  });

export function useInvite(token: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...inviteQuery(token), enabled });
}
