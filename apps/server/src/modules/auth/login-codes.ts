import { LIMITS } from '@hustle/shared/constants';
import { addMinutes } from '../../lib/clock.ts';
import { hmac, newLoginCode } from '../../lib/tokens.ts';
import { AUTH_RULES, iso, type AuthServiceDeps } from './auth-rules.ts';
import { loginCodeMail } from './auth.mail.ts';
import * as codes from './one-time-codes.repository.ts';
import { checkTypedCode, invalidCode, type CodeRules } from './one-time-codes.ts';
import type { StartSession } from './sessions.ts';
import type { AssertMaySignIn } from './sign-up-gate.ts';

/** Signing in by a code mailed to the address (ARCHITECTURE §5). */
export function createLoginCodes(
  deps: AuthServiceDeps,
  rules: CodeRules,
  {
    assertMaySignIn,
    startSession,
  }: { assertMaySignIn: AssertMaySignIn; startSession: StartSession },
) {
  const { db, clock, mailer } = deps;
  return {
    /** `invite`: the invite link the sign-in came from, which may let a new address in. */
    async requestCode(email: string, ip: string, invite?: string) {
      const now = clock.now();
      await rules.assertMayMailCode(ip, await codes.findLoginCode(db, email), now);
      // A refusal counts against the network's limit too, or asking would tell, unlimited,
      // which addresses have an account on a restricted server.
      await assertMaySignIn(db, email, invite).catch(async (error: unknown) => {
        await rules.recordCodeRequest(ip, iso(now));
        throw error;
      });
      const code = newLoginCode(LIMITS.loginCodeLength);
      await codes.upsertCode(db, 'login', {
        email,
        code_hash: hmac(deps.secretKey, code),
        created_at: iso(now),
        expires_at: iso(addMinutes(now, AUTH_RULES.codeTtlMinutes)),
        attempts: 0,
        used_at: null,
      });
      await rules.recordCodeRequest(ip, iso(now));
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
      invite?: string,
    ) {
      const accountLimit = 'Too many wrong codes for this address. Wait an hour and try again.';
      await rules.assertMayTryCode(ip, email, accountLimit);
      const now = iso(clock.now());
      await codes.countAttempt(db, 'login', email);
      const codeHash = hmac(deps.secretKey, code);
      const { fail } = await checkTypedCode(db, {
        ip,
        who: email,
        stored: await codes.findLoginCode(db, email),
        codeHash,
        now,
      });
      if (!(await codes.consumeCode(db, 'login', email, codeHash, now))) {
        throw await fail(invalidCode());
      }
      return startSession(email, timezone, userAgent, invite);
    },
  };
}
