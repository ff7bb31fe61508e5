import { LIMITS } from '@hustle/shared/constants';
import { isValidTimeZone } from '@hustle/shared/dates';
import type { Db } from '../../db/database.ts';
import { AppError, rateLimited, unauthorized } from '../../lib/errors.ts';
import { addDays, addMinutes, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hmac, newLoginCode, newSecretToken, safeEqualHex, sha256 } from '../../lib/tokens.ts';
import * as repo from './auth.repository.ts';
import {
  emailChangedMail,
  emailChangeCodeMail,
  loginCodeMail,
  magicLinkMail,
} from './auth.mail.ts';
import { deviceLabel, type AccountSession, type EmailChangeSent } from '@hustle/shared/account';

/** ARCHITECTURE §5, in one place. */
export const AUTH_RULES = {
  codeTtlMinutes: 10,
  codeMaxTries: 5,
  codeResendCooldownSeconds: 60,
  accountFailuresPerHour: 100,
  magicLinkTtlMinutes: 15,
  sessionAbsoluteDays: 90,
  sessionIdleDays: 30,
  sessionTouchEveryMinutes: 1,
} as const;

export interface SessionContext {
  sessionId: string;
  userId: string;
  workspaceId: string;
  email: string;
  /** The Idempotency-Key of the write request this session runs, if it carried one. */
  idempotency?: { key: string; fingerprint: string } | undefined;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  secretKey: string;
  appUrl: string;
  /** Debug codes and links are never handed out in production, whatever the transport. */
  exposeDebugSecrets: boolean;
  /** Where a magic link may land besides this app (config `magicLinkCallbacks`). */
  magicLinkCallbacks: { allowLocal: boolean; origins: readonly string[] };
  limits: { ipCodeRequestsPer10Min: number; ipFailuresPer10Min: number };
  /** Called in the sign-up transaction, e.g. to start the trial. */
  onUserCreated: (trx: Db, userId: string) => Promise<void>;
}

const invalidCode = () =>
  new AppError('CODE_INVALID', 'That code is not valid. Check the e-mail and try again.');
const expiredCode = () =>
  new AppError('CODE_EXPIRED', 'That code has expired. Request a new code and try again.');
const invalidMagicLink = () =>
  new AppError(
    'MAGIC_LINK_INVALID',
    'This sign-in link has expired or was already used. Request a new one.',
  );

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, mailer } = deps;
  const iso = (date: Date) => date.toISOString();
  const minutesAgo = (minutes: number) => iso(addMinutes(clock.now(), -minutes));

  async function assertUnderLimit(
    kind: 'code_request' | 'code_failure' | 'magic_request',
    subject: string,
    windowMinutes: number,
    limit: number,
    message: string,
  ) {
    if ((await repo.countAuthEvents(db, kind, subject, minutesAgo(windowMinutes))) >= limit) {
      throw rateLimited(message);
    }
  }

  /** The limits every mailed code shares: per network, and one resend per cooldown. */
  async function assertMayMailCode(
    ip: string,
    previous: { created_at: string; used_at: string | null } | undefined,
    now: Date,
  ) {
    await assertUnderLimit(
      'code_request',
      ip,
      10,
      deps.limits.ipCodeRequestsPer10Min,
      'Too many code requests from your network. Wait a few minutes and try again.',
    );
    const cooldownEnds = previous
      ? new Date(previous.created_at).getTime() + AUTH_RULES.codeResendCooldownSeconds * 1000
      : 0;
    if (previous && !previous.used_at && now.getTime() < cooldownEnds) {
      const seconds = Math.ceil((cooldownEnds - now.getTime()) / 1000);
      throw rateLimited(`A code was just sent. You can ask for a new one in ${seconds} s.`);
    }
  }

  /**
   * The checks every typed code goes through once its try is counted: used, too many tries,
   * wrong or expired, each failure recorded per network and per account (`who`). Answers the
   * code's row and the failure recorder, for the caller's own last step.
   */
  async function checkTypedCode<
    Stored extends {
      code_hash: string;
      used_at: string | null;
      attempts: number;
      expires_at: string;
    },
  >(args: { ip: string; who: string; stored: Stored | undefined; codeHash: string; now: string }) {
    const { ip, who, stored, codeHash, now } = args;
    const fail = async (error: AppError) => {
      await repo.recordAuthEvent(db, 'code_failure', ip, now);
      await repo.recordAuthEvent(db, 'code_failure', who, now);
      return error;
    };
    if (!stored || stored.used_at || stored.attempts > AUTH_RULES.codeMaxTries) {
      throw await fail(invalidCode());
    }
    if (!safeEqualHex(stored.code_hash, codeHash)) throw await fail(invalidCode());
    if (stored.expires_at <= now) throw await fail(expiredCode());
    return { stored, fail };
  }

  /** Wrong tries are limited per network and per account before a code is even looked at. */
  async function assertMayTryCode(ip: string, who: string, accountLimitMessage: string) {
    await assertUnderLimit(
      'code_failure',
      ip,
      10,
      deps.limits.ipFailuresPer10Min,
      'Too many wrong codes from your network. Wait a few minutes and try again.',
    );
    await assertUnderLimit(
      'code_failure',
      who,
      60,
      AUTH_RULES.accountFailuresPerHour,
      accountLimitMessage,
    );
  }

  async function checkSession(
    session: Awaited<ReturnType<typeof repo.findSessionByTokenHash>>,
  ): Promise<SessionContext> {
    const now = clock.now();
    if (
      !session ||
      session.revokedAt ||
      session.expiresAt <= iso(now) ||
      session.lastUsedAt <= iso(addDays(now, -AUTH_RULES.sessionIdleDays))
    ) {
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    if (session.lastUsedAt <= minutesAgo(AUTH_RULES.sessionTouchEveryMinutes)) {
      await repo.touchSession(db, session.sessionId, iso(now));
    }
    return {
      sessionId: session.sessionId,
      userId: session.userId,
      workspaceId: session.workspaceId,
      email: session.email,
    };
  }

  async function startSession(
    email: string,
    timezone: string | undefined,
    userAgent: string | undefined,
  ) {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      let user = await repo.findUserByEmail(trx, email);
      if (!user) {
        const userId = newId();
        const workspaceId = newId();
        await repo.insertUserWithWorkspace(
          trx,
          { id: userId, email, timezone: timezone ?? 'UTC', createdAt: iso(now) },
          workspaceId,
        );
        await deps.onUserCreated(trx, userId);
        user = { userId, email, workspaceId };
      } else if (timezone) {
        await repo.updateUserTimezone(trx, user.userId, timezone);
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

  return {
    async requestCode(email: string, ip: string) {
      const now = clock.now();
      await assertMayMailCode(ip, await repo.findLoginCode(db, email), now);
      const code = newLoginCode(LIMITS.loginCodeLength);
      await repo.upsertLoginCode(db, {
        email,
        code_hash: hmac(deps.secretKey, code),
        created_at: iso(now),
        expires_at: iso(addMinutes(now, AUTH_RULES.codeTtlMinutes)),
        attempts: 0,
        used_at: null,
      });
      await repo.recordAuthEvent(db, 'code_request', ip, iso(now));
      await mailer.send(loginCodeMail(email, code, AUTH_RULES.codeTtlMinutes));
      return {
        email,
        sentAt: iso(now),
        ...(mailer.isDevTransport && deps.exposeDebugSecrets ? { debugCode: code } : {}),
      };
    },

    async loginWithCode(
      email: string,
      code: string,
      ip: string,
      timezone?: string,
      userAgent?: string,
    ) {
      const accountLimit = 'Too many wrong codes for this address. Wait an hour and try again.';
      await assertMayTryCode(ip, email, accountLimit);
      const now = iso(clock.now());
      await repo.countLoginAttempt(db, email);
      const codeHash = hmac(deps.secretKey, code);
      const { fail } = await checkTypedCode({
        ip,
        who: email,
        stored: await repo.findLoginCode(db, email),
        codeHash,
        now,
      });
      if (!(await repo.consumeLoginCode(db, email, codeHash, now))) throw await fail(invalidCode());
      return startSession(email, normalizeTimezone(timezone), userAgent);
    },

    async requestMagicLink(
      email: string,
      callback: string | undefined,
      ip: string,
      returnTo?: string,
    ) {
      await assertUnderLimit(
        'magic_request',
        ip,
        10,
        deps.limits.ipCodeRequestsPer10Min,
        'Too many link requests from your network. Wait a few minutes and try again.',
      );
      await assertUnderLimit(
        'magic_request',
        email,
        10,
        5,
        'Several links were just sent to this address. Wait a few minutes and try again.',
      );
      const callbackUrl = callback
        ? allowedCallbackOrigin(callback, deps.magicLinkCallbacks)
        : null;
      const now = clock.now();
      const token = newSecretToken(24);
      await repo.insertMagicLink(db, {
        token_hash: sha256(token),
        email,
        callback_url: callbackUrl,
        return_path: returnTo ?? null,
        created_at: iso(now),
        expires_at: iso(addMinutes(now, AUTH_RULES.magicLinkTtlMinutes)),
      });
      await repo.recordAuthEvent(db, 'magic_request', ip, iso(now));
      await repo.recordAuthEvent(db, 'magic_request', email, iso(now));
      // Built from APP_URL, never from the Host header (ARCHITECTURE §5).
      const link = `${deps.appUrl}/auth/magic/confirm?token=${encodeURIComponent(token)}`;
      await mailer.send(magicLinkMail(email, link, AUTH_RULES.magicLinkTtlMinutes));
      return {
        email,
        sentAt: iso(now),
        ...(mailer.isDevTransport && deps.exposeDebugSecrets ? { debugLink: link } : {}),
      };
    },

    /** Whether a magic link can still be used, without using it, and where it lands. */
    async inspectMagicLink(token: string) {
      const link = await repo.findMagicLink(db, sha256(token));
      const usable = Boolean(link && !link.used_at && link.expires_at > iso(clock.now()));
      return { usable, callbackOrigin: usable ? (link?.callback_url ?? null) : null };
    },

    async loginWithMagicLink(token: string, timezone?: string, userAgent?: string) {
      const now = iso(clock.now());
      const link = await repo.consumeMagicLink(db, sha256(token), now);
      if (!link || link.expires_at <= now) throw invalidMagicLink();
      const { accessToken } = await startSession(
        link.email,
        normalizeTimezone(timezone),
        userAgent,
      );
      return {
        accessToken,
        landingUrl: `${link.callback_url ?? deps.appUrl}${link.return_path ?? '/'}`,
      };
    },

    async authenticate(accessToken: string | undefined): Promise<SessionContext> {
      if (!accessToken) throw unauthorized('Sign in to continue.');
      return checkSession(await repo.findSessionByTokenHash(db, sha256(accessToken)));
    },

    /**
     * A signed, 60-second ticket naming the session, for clients that cannot send headers. It
     * opens one stream (decision 044): its random id is recorded when it is used.
     */
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

    /** Whether the session still signs in (an open live stream asks on every change). */
    async isSessionLive(sessionId: string): Promise<boolean> {
      const session = await repo.findSessionById(db, sessionId);
      const now = clock.now();
      return Boolean(
        session &&
        !session.revokedAt &&
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

    /**
     * A code to the new address, under the login code's rules and limits (ARCHITECTURE §5,
     * decision 006). Whether the address is free is told only once the code proves the caller
     * reads its mail, so this answers the same for any address (decision 027).
     */
    async requestEmailChange(
      session: SessionContext,
      newEmail: string,
      ip: string,
    ): Promise<EmailChangeSent> {
      if (newEmail === session.email) {
        throw new AppError('VALIDATION_FAILED', 'That is already your address.');
      }
      const now = clock.now();
      await assertMayMailCode(ip, await repo.findEmailChangeCode(db, session.userId), now);
      const code = newLoginCode(LIMITS.loginCodeLength);
      await repo.upsertEmailChangeCode(db, {
        user_id: session.userId,
        new_email: newEmail,
        code_hash: hmac(deps.secretKey, `email-change:${code}`),
        created_at: iso(now),
        expires_at: iso(addMinutes(now, AUTH_RULES.codeTtlMinutes)),
        attempts: 0,
        used_at: null,
      });
      await repo.recordAuthEvent(db, 'code_request', ip, iso(now));
      await mailer.send(emailChangeCodeMail(newEmail, code, AUTH_RULES.codeTtlMinutes));
      return {
        email: newEmail,
        sentAt: iso(now),
        ...(mailer.isDevTransport && deps.exposeDebugSecrets ? { debugCode: code } : {}),
      };
    },

    /** The code from the new address's mail: the account signs in with that address from now on. */
    async confirmEmailChange(session: SessionContext, code: string, ip: string) {
      await assertMayTryCode(
        ip,
        session.email,
        'Too many wrong codes for this account. Wait an hour and try again.',
      );
      const now = iso(clock.now());
      await repo.countEmailChangeAttempt(db, session.userId);
      const codeHash = hmac(deps.secretKey, `email-change:${code}`);
      const { stored } = await checkTypedCode({
        ip,
        who: session.email,
        stored: await repo.findEmailChangeCode(db, session.userId),
        codeHash,
        now,
      });
      const newEmail = stored.new_email;
      const changed = await db
        .transaction()
        .execute(async (trx) => {
          if (await repo.findUserByEmail(trx, newEmail)) return false;
          if (!(await repo.consumeEmailChangeCode(trx, session.userId, codeHash, now))) {
            throw invalidCode();
          }
          await repo.updateUserEmail(trx, session.userId, newEmail);
          // Codes and links already sent to the old address must not sign in to a new account.
          await repo.deleteOneTimeSecretsOf(trx, session.email);
          return true;
        })
        .catch((error: unknown) => {
          // A parallel sign-up or change took the address between the check and the update.
          if (isUniqueViolation(error)) return false;
          throw error;
        });
      if (!changed) {
        throw new AppError(
          'EMAIL_TAKEN',
          'This address already has a Hustle account. Sign in with it, or choose another address.',
        );
      }
      await mailer.send(emailChangedMail(session.email, newEmail));
      return { email: newEmail };
    },

    /** Forgets counters and one-time secrets nobody can use any more. */
    async pruneExpired() {
      const dayAgo = iso(addDays(clock.now(), -1));
      await repo.deleteAuthEventsBefore(db, dayAgo);
      await repo.deleteExpiredOneTimeSecrets(db, dayAgo);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function isUniqueViolation(error: unknown): boolean {
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

/**
 * Erases the user and, by the foreign keys, their workspace and all it holds, their sessions,
 * plan and idempotent answers; the address's sign-in secrets go too, so it can sign up anew.
 */
export async function eraseUser(trx: Db, userId: string, email: string): Promise<void> {
  await repo.deleteOneTimeSecretsOf(trx, email);
  await repo.deleteUser(trx, userId);
}

/** An unknown zone from the browser is ignored rather than refused: sign-in must not fail on it. */
function normalizeTimezone(timezone: string | undefined): string | undefined {
  return timezone && isValidTimeZone(timezone) ? timezone : undefined;
}

/**
 * spec §2: a magic link may land on a local development address — outside production only, as
 * any program on the user's machine can listen there — or on an origin the server is configured
 * with; nothing else (no open redirect, decision 044).
 */
function allowedCallbackOrigin(
  callback: string,
  allowed: { allowLocal: boolean; origins: readonly string[] },
): string {
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The callback must be a URL.');
  }
  const isLocal =
    url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (allowed.origins.includes(url.origin) || (allowed.allowLocal && isLocal)) return url.origin;
  throw new AppError(
    'VALIDATION_FAILED',
    allowed.allowLocal
      ? 'The callback must be a local development address or an origin this server allows.'
      : 'The callback must be an origin this server allows.',
  );
}
