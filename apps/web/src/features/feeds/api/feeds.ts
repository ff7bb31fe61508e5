import type { CalendarFeed } from '@hustle/shared/feeds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api-client.ts';
import { errorMessage } from '../../../api/api-error.ts';
import { useToastStore } from '../../../ui/toast-store.ts';

const feedsQueryKey = ['calendar-feeds'] as const;

/** The account's calendar feeds made so far (issue 32). */
export function useCalendarFeeds() {
  return useQuery({
    queryKey: feedsQueryKey,
    queryFn: async ({ signal }): Promise<CalendarFeed[]> =>
      (await api.listCalendarFeeds({ signal })).feeds,
  });
}

/** Keeps the answered feed in the list, in place of the one it renews. */
function useKeepFeed() {
  const queryClient = useQueryClient();
  return (feed: CalendarFeed) =>
    queryClient.setQueryData<CalendarFeed[]>(feedsQueryKey, (feeds = []) => [
      ...feeds.filter((kept) => kept.projectId !== feed.projectId),
      feed,
    ]);
}

/** The address of the account's (null) or a project's feed, made the first time. */
export function useOpenCalendarFeed(calendarName: string) {
  const keep = useKeepFeed();
  const addToast = useToastStore((state) => state.addToast);
  return useMutation({
    mutationFn: (projectId: string | null) => api.openCalendarFeed({ body: { projectId } }),
    onSuccess: keep,
    onError: (error) =>
      addToast({
        message: `Could not make the address of ${calendarName}. ${errorMessage(error)}`,
        tone: 'danger',
      }),
  });
}

/** A new address: the old one stops at once, in every calendar app that uses it. */
export function useRegenerateCalendarFeed(calendarName: string) {
  const keep = useKeepFeed();
  const addToast = useToastStore((state) => state.addToast);
  return useMutation({
    mutationFn: (projectId: string | null) => api.regenerateCalendarFeed({ body: { projectId } }),
    onSuccess: (feed) => {
      keep(feed);
      addToast({ message: `${calendarName} has a new address. The old one no longer works.` });
    },
    onError: (error) =>
      addToast({
        message: `Could not renew the address of ${calendarName}. ${errorMessage(error)}`,
        tone: 'danger',
      }),
  });
}
