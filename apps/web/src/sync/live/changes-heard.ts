import type { QueryClient } from '@tanstack/react-query';
import type { SyncChanges } from '@hustle/shared/sync';

/**
 * What a feature keeps apart from the workspace and must read again when the changes caught up
 * touch it (the automations' lists): it registers here as its queries load, so the catch-up
 * knows no feature (decision 065).
 */
type Listener = (queryClient: QueryClient, changes: SyncChanges) => Promise<unknown> | void;

const listeners = new Set<Listener>();

export function onChangesHeard(listener: Listener): void {
  listeners.add(listener);
}

export async function tellChangesHeard(queryClient: QueryClient, changes: SyncChanges) {
  await Promise.all([...listeners].map((listener) => listener(queryClient, changes)));
}
