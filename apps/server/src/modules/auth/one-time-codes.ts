import type { Db } from '../../db/database.ts';
import type { EmailChangeCodesTable } from '../../db/schema.ts';
import { addMinutes } from '../../lib/clock.ts';
import { AppError, rateLimited } from '../../lib/errors.ts';
import { safeEqualHex } from '../../lib/tokens.ts';
import { AUTH_RULES, iso, type AuthServiceDeps } from './auth-rules.ts';
import * as repo from './auth.repository.ts';
import * as codes from './one-time-codes.repository.ts';

export const invalidCode = () =>
  new AppError('CODE_INVALID', 'That code is not valid. Check the e-mail and try again.');
const expiredCode = () =>
  new AppError('CODE_EXPIRED', 'That code has expired. Request a new code and try again.');

/**
 * The limits and checks every mailed code shares (ARCHITECTURE §5, decision 006): the login
 * code and the e-mail change code alike.
 */
export function createCodeRules(deps: Pick<AuthServiceDeps, 'db' | 'clock' | 'limits'>) {
  const { db, clock } = deps;
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

  return {
    assertUnderLimit,

    /** The limits every mailed code shares: per network, and one resend per cooldown. */
    async assertMayMailCode(
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
    },

    /** Wrong tries are limited per network and per account before a code is even looked at. */
    async assertMayTryCode(ip: string, who: string, accountLimitMessage: string) {
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
    },

    /** A code was mailed: it counts against the network's requests. */
    recordCodeRequest: (ip: string, now: string) =>
      repo.recordAuthEvent(db, 'code_request', ip, now),
  };
}

/**
 * The checks every typed code goes through once its try is counted: used, too many tries,
 * wrong or expired, each failure recorded per network and per account (`who`). Answers the
 * code's row and the failure recorder, for the caller's own last step.
 */
export async function checkTypedCode<
  Stored extends {
    code_hash: string;
    used_at: string | null;
    attempts: number;
    expires_at: string;
  },
>(
  db: Db,
  args: { ip: string; who: string; stored: Stored | undefined; codeHash: string; now: string },
) {
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

export type CodeRules = ReturnType<typeof createCodeRules>;

/** The e-mail change codes, one per user, for the account module (its own SQL stays here). */
export const emailChangeCodes = {
  save: (db: Db, row: EmailChangeCodesTable) => codes.upsertCode(db, 'emailChange', row),
  find: (db: Db, userId: string) => codes.findEmailChangeCode(db, userId),
  countAttempt: (db: Db, userId: string) => codes.countAttempt(db, 'emailChange', userId),
  consume: (db: Db, userId: string, codeHash: string, now: string) =>
    codes.consumeCode(db, 'emailChange', userId, codeHash, now),
};
