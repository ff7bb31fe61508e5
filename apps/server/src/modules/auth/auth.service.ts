import type { Db } from '../../db/database.ts';
import { addDays } from '../../lib/clock.ts';
import { iso, type AuthServiceDeps } from './auth-rules.ts';
import * as repo from './auth.repository.ts';
import { createLoginCodes } from './login-codes.ts';
import { createMagicLinks } from './magic-links.ts';
import { createCodeRules } from './one-time-codes.ts';
import { createSessions } from './sessions.ts';
import { createSignUpGate } from './sign-up-gate.ts';

export { AUTH_RULES, type AuthServiceDeps, type SessionContext } from './auth-rules.ts';

/**
 * Signing in (ARCHITECTURE §5): by a mailed code (`login-codes.ts`) or link (`magic-links.ts`),
 * into sessions (`sessions.ts`). `codes` are the mailed codes' limits and checks, which the
 * account's e-mail change shares.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const codes = createCodeRules(deps);
  const assertMaySignIn = createSignUpGate(deps.signUp);
  const { startSession, ...sessions } = createSessions(deps, assertMaySignIn);
  const gate = { assertMaySignIn, startSession };
  return {
    ...sessions,
    ...createLoginCodes(deps, codes, gate),
    ...createMagicLinks(deps, codes, gate),
    codes,

    /** Forgets counters and one-time secrets nobody can use any more. */
    async pruneExpired() {
      const dayAgo = iso(addDays(clock.now(), -1));
      await repo.deleteAuthEventsBefore(db, dayAgo);
      await repo.deleteExpiredOneTimeSecrets(db, dayAgo);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Whether the address signs in to an account already. */
export const isAddressTaken = async (trx: Db, email: string): Promise<boolean> =>
  Boolean(await repo.findUserByEmail(trx, email));

/**
 * The account signs in with `newEmail` from now on. Codes and links already sent to the old
 * address must not sign in to a new account, so they go.
 */
export async function moveSignInAddress(
  trx: Db,
  userId: string,
  oldEmail: string,
  newEmail: string,
): Promise<void> {
  await repo.updateUserEmail(trx, userId, newEmail);
  await repo.deleteOneTimeSecretsOf(trx, oldEmail);
}

/** A unique index refused the row: a parallel write took the same value first. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Revokes one of the user's sessions in the caller's transaction; false when not theirs. */
export const revokeSessionOf = (trx: Db, userId: string, sessionId: string, now: string) =>
  repo.revokeSessionOfUser(trx, userId, sessionId, now);

/** Revokes all the user's sessions but one in the caller's transaction; answers their ids. */
export const revokeOtherSessionsOf = (
  trx: Db,
  userId: string,
  keepSessionId: string,
  now: string,
) => repo.revokeOtherSessions(trx, userId, keepSessionId, now);

/** Revokes every session of the user in the caller's transaction; answers their ids. */
export const revokeAllSessionsOf = (trx: Db, userId: string, now: string) =>
  repo.revokeAllSessions(trx, userId, now);

/**
 * Erases the user and, by the foreign keys, their workspace and all it holds, their sessions,
 * plan and idempotent answers; the address's sign-in secrets go too, so it can sign up anew.
 */
export async function eraseUser(trx: Db, userId: string, email: string): Promise<void> {
  await repo.deleteOneTimeSecretsOf(trx, email);
  await repo.deleteUser(trx, userId);
}
