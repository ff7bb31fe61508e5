import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** Whether the browser has a network (as TanStack Query's online manager tells it). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}

/** Why an action that needs the server by nature waits while offline (issue 15). */
export const NEEDS_CONNECTION = 'Needs a connection. You’re offline.';
