import { tokenScopeOf } from '@hustle/shared/token-scopes';
import type { TokenScope } from '@hustle/shared/tokens';
import { deviceLabel, type AccountSession } from '@hustle/shared/account';
import { isValidTimeZone } from '@hustle/shared/dates';
import { addDays, addMinutes } from '../../lib/clock.ts';
import { ACCOUNT_DISABLED_MESSAGE } from '@hustle/shared/admin';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hmac, newSecretToken, safeEqualHex, sha256 } from '../../lib/tokens.ts';
import { AUTH_RULES, iso, type AuthServiceDeps, type SessionContext } from './auth-rules.ts';
import * as repo from './auth.repository.ts';
import type { AssertMaySignIn } from './sign-up-gate.ts';

type SessionRow = Awaited<ReturnType<typeof repo.findSessionByTokenHash>>;

function requireScope(scopes: readonly TokenScope[], operation: string) {
  const needed = tokenScopeOf(operation);
  if (!needed) throw forbidden('Access tokens cannot do this. Sign in to Hustle to do it.');
  if (!scopes.includes(needed)) throw forbidden(`This access token lacks the "${needed}" scope.`);
}

/** An unknown zone from the browser is ignored rather than refused: sign-in must not fail on it. */
function normalizeTimezone(timezone: string | undefined): string | undefined {
  return timezone && isValidTimeZone(timezone) ? timezone : undefined;
}

/** A new session for the address, making the user and workspace on their first sign-in. */
async function startSession(
  deps: AuthServiceDeps,
  assertMaySignIn: AssertMaySignIn,
  email: string,
  timezone: string | undefined,
  userAgent: string | undefined,
  invite: string | undefined,
) {
  const { db, clock } = deps;
  const now = clock.now();
  const zone = normalizeTimezone(timezone);
  return db.transaction().execute(async (trx) => {
    let user = await repo.findUserByEmail(trx, email);
    // Decision 057: the address is proven by now, so telling it the account is disabled is safe.
    if (user?.disabledAt) throw new AppError('ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE);
    if (!user) {
      await assertMaySignIn(trx, email, invite);
      const userId = newId();
      const workspaceId = newId();
      await repo.insertUserWithWorkspace(
        trx,
        { id: userId, email, timezone: zone ?? 'UTC', createdAt: iso(now) },
        workspaceId,
      );
      await deps.onUserCreated(trx, userId);
      user = { userId, email, workspaceId, disabledAt: null };
    } else if (zone) {
      await repo.updateUserTimezone(trx, user.userId, zone);
    }
    const accessToken = newSecretToken(32);
    await repo.insertSession(trx, {
      id: newId(),
      user_id: user.userId,
      token_hash: sha256(accessToken),
      created_at: iso(now),
      expires_at: iso(addDays(now, AUTH_RULES.sessionAbsoluteDays)),
      user_agent: userAgent ? userAgent.slice(0, 300) : null,
    });
    return { accessToken };
  });
}

/**
 * Sessions: made by a spent code or link (signing up on the first), checked on every request,
 * kept alive while used, and handed to live streams through one-stream tickets.
 */
export function createSessions(deps: AuthServiceDeps, assertMaySignIn: AssertMaySignIn) {
  const { db, clock } = deps;

  async function checkSession(session: SessionRow): Promise<SessionContext> {
    const now = clock.now();
    if (
      !session ||
      session.revokedAt ||
      session.expiresAt <= iso(now) ||
      session.lastUsedAt <= iso(addDays(now, -AUTH_RULES.sessionIdleDays))
    ) {
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    // Disabling revokes the sessions too; this holds against a sign-in racing the disabling.
    if (session.disabledAt) throw unauthorized(ACCOUNT_DISABLED_MESSAGE);
    if (session.lastUsedAt <= iso(addMinutes(now, -AUTH_RULES.sessionTouchEveryMinutes))) {
      await repo.touchSession(db, session.sessionId, iso(now));
    }
    return {
      sessionId: session.sessionId,
      userId: session.userId,
      workspaceId: session.workspaceId,
      email: session.email,
    };
  }

  return {
    /** Signs the address in, making its account on the first sign-in if SIGNUP lets it. */
    startSession: (
      email: string,
      timezone: string | undefined,
      userAgent: string | undefined,
      invite: string | undefined,
    ) => startSession(deps, assertMaySignIn, email, timezone, userAgent, invite),

    /**
     * Who calls `operation`: a live session, or a personal access token whose scopes allow the
     * operation (issue 32: `TOKEN_SCOPE_OF` in the contract) — checked here, so every way in
     * (the route guard, a stream's own check) asks the same.
     */
    async authenticate(
      accessToken: string | undefined,
      operation: string,
    ): Promise<SessionContext> {
      if (!accessToken) throw unauthorized('Sign in to continue.');
      if (deps.tokens.isTokenSecret(accessToken)) {
        const { tokenId, scopes, ...owner } = await deps.tokens.verify(accessToken);
        requireScope(scopes, operation);
        return { ...owner, sessionId: `token:${tokenId}`, token: { id: tokenId, scopes } };
      }
      return checkSession(await repo.findSessionByTokenHash(db, sha256(accessToken)));
    },

    ...createEventTickets(deps, checkSession),

    /** Whether the session still signs in (an open live stream asks on every change). */
    async isSessionLive(sessionId: string): Promise<boolean> {
      const session = await repo.findSessionById(db, sessionId);
      const now = clock.now();
      return Boolean(
        session &&
        !session.revokedAt &&
        !session.disabledAt &&
        session.expiresAt > iso(now) &&
        session.lastUsedAt > iso(addDays(now, -AUTH_RULES.sessionIdleDays)),
      );
    },

    /** The account's signed-in devices, the most recently active first. */
    async listSessions(session: SessionContext): Promise<AccountSession[]> {
      const now = clock.now();
      const rows = await repo.listLiveSessions(
        db,
        session.userId,
        iso(now),
        iso(addDays(now, -AUTH_RULES.sessionIdleDays)),
      );
      return rows.map((row) => ({
        id: row.id,
        device: deviceLabel(row.user_agent),
        createdAt: row.created_at,
        lastActiveAt: row.last_used_at,
        isCurrent: row.id === session.sessionId,
      }));
    },
  };
}

/**
 * Signed, 60-second tickets naming a session, for clients that cannot send headers. Each opens
 * one stream (decision 044): its random id is recorded when it is used.
 */
function createEventTickets(
  deps: Pick<AuthServiceDeps, 'db' | 'clock' | 'secretKey'>,
  checkSession: (session: SessionRow) => Promise<SessionContext>,
) {
  const { db, clock } = deps;
  return {
    issueEventTicket(session: SessionContext) {
      const expiresAt = addMinutes(clock.now(), 1);
      const body = `${session.sessionId}.${expiresAt.getTime()}.${newSecretToken(16)}`;
      return {
        ticket: `${body}.${hmac(deps.secretKey, `events:${body}`)}`,
        expiresAt: iso(expiresAt),
      };
    },

    async authenticateEventTicket(ticket: string): Promise<SessionContext> {
      const [sessionId, expires, ticketId, signature, ...rest] = ticket.split('.');
      const expected = hmac(deps.secretKey, `events:${sessionId}.${expires}.${ticketId}`);
      if (
        !sessionId ||
        !ticketId ||
        !signature ||
        rest.length > 0 ||
        !safeEqualHex(signature, expected) ||
        Number(expires) <= clock.now().getTime()
      ) {
        throw unauthorized('This event ticket is not valid. Ask for a new one.');
      }
      const session = await checkSession(await repo.findSessionById(db, sessionId));
      // Recorded in the database, so a ticket used on one server opens nothing on another.
      if (!(await repo.spendEventTicket(db, ticketId, iso(new Date(Number(expires)))))) {
        throw unauthorized('This event ticket was used already. Ask for a new one.');
      }
      return session;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
export type StartSession = Sessions['startSession'];
