import type { VersionEventSchema } from '@hustle/shared/events.api';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/api-client.ts';
import { clearToken } from '../../api/auth-token.ts';
import { workspaceQueryKey } from '../workspace/get-workspace.ts';
import { catchUpWorkspace } from './catch-up.ts';

// The layout runs this hook on every screen; what it needs of the contract loads apart
// (decision 016).
const loadStreamContract = () =>
  Promise.all([import('@hustle/shared/events.api'), import('@hustle/shared/endpoint')]);

export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s … capped at 30 s, after the given number of failures in a row. */
export const reconnectDelay = (failures: number): number =>
  Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, failures - 1));

/**
 * Live updates beyond the spec (issue 5): the server streams the workspace version over
 * Server-Sent Events, and a version other than the one shown fetches the changes since it
 * (decision 020), so a change a project member makes appears within a second. A stream that
 * (re)connects announces the current version first, so a reconnect catches up too. EventSource
 * cannot send the bearer token, so each connection opens with a short-lived ticket; a dropped
 * stream reconnects with backoff and a new ticket. Stops when the layout unmounts (signed out).
 */
export function useLiveUpdates(workspaceId: string) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let isStopped = false;
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let failures = 0;
    const key = workspaceQueryKey(workspaceId);

    const onVersion = (versionEvent: typeof VersionEventSchema, event: MessageEvent<string>) => {
      failures = 0;
      let parsed;
      try {
        parsed = versionEvent.safeParse(JSON.parse(event.data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const shown = queryClient.getQueryData<WorkspaceResponse>(key);
      if (!shown || shown.version === parsed.data.version) return;
      void catchUpWorkspace(queryClient, workspaceId);
    };

    const scheduleReconnect = () => {
      if (isStopped) return;
      failures += 1;
      retryTimer = window.setTimeout(() => void connect(), reconnectDelay(failures));
    };

    const connect = async () => {
      let ticket: string;
      let contract: Awaited<ReturnType<typeof loadStreamContract>>;
      try {
        contract = await loadStreamContract();
        ({ ticket } = await api.createEventTicket());
      } catch (error) {
        console.warn('Live updates: could not get a ticket', error);
        scheduleReconnect();
        return;
      }
      if (isStopped) return;
      const [{ eventsApi, VersionEventSchema: versionEvent }, { endpointUrl }] = contract;
      source = new EventSource(endpointUrl(eventsApi.streamEvents, { query: { ticket } }));
      source.addEventListener('version', (event) => onVersion(versionEvent, event));
      // This device was signed out from another one, or the account was deleted (decision 027):
      // forget the token at once, so the sign-in screen shows.
      source.addEventListener('signed-out', () => {
        isStopped = true;
        source?.close();
        clearToken('rejected');
      });
      source.onerror = () => {
        // The browser would retry with the same, soon expired, ticket: take over instead.
        source?.close();
        source = null;
        scheduleReconnect();
      };
    };

    void connect();
    return () => {
      isStopped = true;
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient, workspaceId]);
}
