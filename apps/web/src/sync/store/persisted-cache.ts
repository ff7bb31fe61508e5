import type { SessionResponse } from '@hustle/shared/auth';
import { APP_VERSION, STORAGE_KEYS } from '@hustle/shared/constants';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { eraseLocal, eraseLocalExcept, readLocal, writeLocal } from './local-store.ts';
import { outboxPrefixOf, readSealedChanges } from '../outbox/sealed-changes.ts';

/** Whose copy the browser holds, so a start knows which one to read before the session answers. */
export const CACHED_USER = 'hustleCachedUser';

/** The answers the screens start from; per-dialog ones (invite links, members) are read anew. */
const PERSISTED_QUERIES = new Set(['session', 'workspace', 'automations', 'automation-status']);

/** A write soon after a change, not one per change of a burst. */
const SAVE_DELAY_MS = 300;

/**
 * Online, reading the copy is cut short rather than hold the first screen back (a stuck
 * IndexedDB): the server answers instead. Offline nothing else can answer, so a slow read is
 * waited for; cutting it short left the page on its loading screen.
 */
const RESTORE_TIMEOUT_MS = 500;

/**
 * The shape of the kept answers; raised when one changes (the app's version is fixed by the
 * spec). 2: the workspace answer holds pages of its long lists (decision 029). 3: its tasks
 * carry their day and deadline, and it carries the day settings (decision 060). 4: tasks carry
 * their estimate and the day settings each weekday's capacity (decision 070). 5: tasks carry
 * their time spent and the workspace the focus timer (decision 076). 6: the workspace carries the
 * newest finished day and its note (decision 077).
 */
const CACHE_FORMAT = 6;

type SavedCache = {
  /** A copy written by another version of the app may not fit its screens: it is not read. */
  appVersion: string;
  format?: number;
  userId: string;
  savedAt: number;
  state: DehydratedState;
};

const cacheKey = (userId: string) => `cache:${userId}`;

/**
 * Puts the signed-in user's last answers back into the query cache before the first render, so
 * a returning user sees their tasks before any request answers (issue 15, decision 028). They
 * count as fresh: the live-update stream announces the server's version as it connects, and the
 * workspace catches up by version from there (decision 020). The session is checked again.
 */
export async function restoreCache(queryClient: QueryClient): Promise<boolean> {
  const userId = localStorage.getItem(CACHED_USER);
  if (!userId || !localStorage.getItem(STORAGE_KEYS.token)) return false;
  const reading = readLocal<SavedCache>(cacheKey(userId)).catch(() => undefined);
  const saved = navigator.onLine
    ? await Promise.race([
        reading,
        new Promise<undefined>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
      ])
    : await reading;
  if (
    !saved ||
    saved.appVersion !== APP_VERSION ||
    saved.format !== CACHE_FORMAT ||
    saved.userId !== userId
  )
    return false;
  const now = Date.now();
  hydrate(queryClient, {
    ...saved.state,
    queries: saved.state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  });
  void queryClient.invalidateQueries({ queryKey: ['session'], refetchType: 'none' });
  return true;
}

let pendingSave: number | undefined;

/** Keeps the browser's copy up to date with the query cache while someone is signed in. */
export function persistCache(queryClient: QueryClient): () => void {
  const save = () => {
    pendingSave = undefined;
    const session = queryClient.getQueryData<SessionResponse>(['session']);
    if (!session || !localStorage.getItem(STORAGE_KEYS.token)) return;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && PERSISTED_QUERIES.has(String(query.queryKey[0])),
    });
    localStorage.setItem(CACHED_USER, session.userId);
    const saved: SavedCache = {
      appVersion: APP_VERSION,
      format: CACHE_FORMAT,
      userId: session.userId,
      savedAt: Date.now(),
      state,
    };
    writeLocal(cacheKey(session.userId), saved).catch((error: unknown) =>
      console.warn('Could not keep the data in this browser', error),
    );
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!PERSISTED_QUERIES.has(String(event.query.queryKey[0]))) return;
    window.clearTimeout(pendingSave);
    pendingSave = window.setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    window.clearTimeout(pendingSave);
    unsubscribe();
  };
}

/**
 * spec §4: logging out clears the user data — here, everything the browser kept of them, but the
 * changes sealed for a user whose session the server ended (issue 28), kept until they are back.
 */
export async function eraseSignedInData(): Promise<void> {
  window.clearTimeout(pendingSave);
  pendingSave = undefined;
  localStorage.removeItem(CACHED_USER);
  const sealed = readSealedChanges();
  await (sealed ? eraseLocalExcept(outboxPrefixOf(sealed.userId)) : eraseLocal()).catch(
    (error: unknown) => console.warn('Could not erase the data kept in this browser', error),
  );
}
