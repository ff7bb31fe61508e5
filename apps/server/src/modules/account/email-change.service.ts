import { LIMITS } from '@hustle/shared/constants';
import type { EmailChangeSent } from '@hustle/shared/account';
import type { Db } from '../../db/database.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hmac, newLoginCode } from '../../lib/tokens.ts';
import { iso } from '../auth/auth-rules.ts';
import { emailChangedMail, emailChangeCodeMail } from '../auth/auth.mail.ts';
import {
  AUTH_RULES,
  isAddressTaken,
  isUniqueViolation,
  moveSignInAddress,
  type SessionContext,
} from '../auth/auth.service.ts';
import {
  checkTypedCode,
  emailChangeCodes,
  invalidCode,
  type CodeRules,
} from '../auth/one-time-codes.ts';

const addressTaken = () =>
  new AppError(
    'EMAIL_TAKEN',
    'This address already has a Hustle account. Sign in with it, or choose another address.',
  );

/**
 * Changing the sign-in address (decision 027): a code to the new address, under the login
 * code's rules and limits (ARCHITECTURE §5, decision 006), then the address moves.
 */
export function createEmailChangeService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  secretKey: string;
  /** Debug codes are never handed out in production, whatever the transport. */
  exposeDebugSecrets: boolean;
  codes: CodeRules;
}) {
  const { db, clock, mailer, codes } = deps;
  const hashOf = (code: string) => hmac(deps.secretKey, `email-change:${code}`);

  /** The address moves unless it was taken, by a check or by a parallel sign-up or change. */
  const moveAddress = (session: SessionContext, newEmail: string, codeHash: string, now: string) =>
    db
      .transaction()
      .execute(async (trx) => {
        if (await isAddressTaken(trx, newEmail)) return false;
        if (!(await emailChangeCodes.consume(trx, session.userId, codeHash, now))) {
          throw invalidCode();
        }
        await moveSignInAddress(trx, session.userId, session.email, newEmail);
        return true;
      })
      .catch((error: unknown) => {
        // A parallel sign-up or change took the address between the check and the update.
        if (isUniqueViolation(error)) return false;
        throw error;
      });

  return {
    /**
     * A code to the new address. Whether the address is free is told only once the code proves
     * the caller reads its mail, so this answers the same for any address (decision 027).
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
      await codes.assertMayMailCode(ip, await emailChangeCodes.find(db, session.userId), now);
      const code = newLoginCode(LIMITS.loginCodeLength);
      await emailChangeCodes.save(db, {
        user_id: session.userId,
        new_email: newEmail,
        code_hash: hashOf(code),
        created_at: iso(now),
        expires_at: iso(addMinutes(now, AUTH_RULES.codeTtlMinutes)),
        attempts: 0,
        used_at: null,
      });
      await codes.recordCodeRequest(ip, iso(now));
      await mailer.send(emailChangeCodeMail(newEmail, code, AUTH_RULES.codeTtlMinutes));
      return {
        email: newEmail,
        sentAt: iso(now),
        ...(mailer.isDevTransport && deps.exposeDebugSecrets ? { debugCode: code } : {}),
      };
    },

    /** The code from the new address's mail: the account signs in with that address from now on. */
    async confirmEmailChange(session: SessionContext, code: string, ip: string) {
      await codes.assertMayTryCode(
        ip,
        session.email,
        'Too many wrong codes for this account. Wait an hour and try again.',
      );
      const now = iso(clock.now());
      await emailChangeCodes.countAttempt(db, session.userId);
      const codeHash = hashOf(code);
      const { stored } = await checkTypedCode(db, {
        ip,
        who: session.email,
        stored: await emailChangeCodes.find(db, session.userId),
        codeHash,
        now,
      });
      const newEmail = stored.new_email;
      if (!(await moveAddress(session, newEmail, codeHash, now))) throw addressTaken();
      await mailer.send(emailChangedMail(session.email, newEmail));
      return { email: newEmail };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
