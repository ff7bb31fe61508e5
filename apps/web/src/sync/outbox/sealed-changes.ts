/**
 * Changes a signed-out browser keeps for the user who made them (issue 28): when the server ends
 * a session (a 401, or "Sign out everywhere else" on another device) while changes still wait to
 * be sent, they stay in this browser, sealed for that user alone, and are sent when the same user
 * signs in here again. Another user's sign-in never reads them.
 */
export interface SealedChanges {
  userId: string;
  email: string;
  count: number;
}

const KEY = 'hustleSealedChanges';

export function readSealedChanges(): SealedChanges | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<SealedChanges> | null;
    return typeof value?.userId === 'string' &&
      typeof value.email === 'string' &&
      typeof value.count === 'number'
      ? { userId: value.userId, email: value.email, count: value.count }
      : null;
  } catch {
    return null;
  }
}

export const sealChanges = (sealed: SealedChanges): void =>
  localStorage.setItem(KEY, JSON.stringify(sealed));

export const unsealChanges = (): void => localStorage.removeItem(KEY);

/** Where a user's waiting changes are kept (the outbox's keys, decision 028). */
export const outboxPrefixOf = (userId: string): string => `outbox:${userId}:`;
