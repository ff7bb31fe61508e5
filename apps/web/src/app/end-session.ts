import type { SessionResponse } from '@hustle/shared/auth';
import type { QueryClient } from '@tanstack/react-query';
import { readSealedChanges, sealChanges, unsealChanges } from '../sync/outbox/sealed-changes.ts';
import { closeOutbox, useOutboxState } from '../sync/outbox/outbox-state.ts';
import { eraseSignedInData } from '../sync/store/persisted-cache.ts';

/**
 * spec §4: the end of a session clears the user data, in memory and in the browser's storage.
 * A session the server ended (a 401, or signed out from another device) with changes still
 * waiting keeps them, sealed for that user, until they sign in here again (issue 28); signing
 * out on purpose lets them go.
 */
export async function endSignedInSession(
  queryClient: QueryClient,
  endedBy: 'signed-out' | 'rejected' = 'signed-out',
): Promise<void> {
  const session = queryClient.getQueryData<SessionResponse>(['session']);
  const { waiting } = useOutboxState.getState();
  if (endedBy === 'rejected' && session && waiting > 0) {
    sealChanges({ userId: session.userId, email: session.email, count: waiting });
  } else if (endedBy === 'signed-out' && readSealedChanges()?.userId === session?.userId) {
    unsealChanges();
  }
  closeOutbox(queryClient);
  queryClient.clear();
  await eraseSignedInData();
}
