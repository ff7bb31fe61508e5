import { inviteTokenOf } from '@hustle/shared/invite-path';
import { AppError } from '../../lib/errors.ts';
import { addMinutes } from '../../lib/clock.ts';
import { newSecretToken, sha256 } from '../../lib/tokens.ts';
import { AUTH_RULES, iso, type AuthServiceDeps } from './auth-rules.ts';
import { magicLinkMail } from './auth.mail.ts';
import * as repo from './auth.repository.ts';
import type { CodeRules } from './one-time-codes.ts';
import type { StartSession } from './sessions.ts';
import type { AssertMaySignIn } from './sign-up-gate.ts';

const invalidMagicLink = () =>
  new AppError(
    'MAGIC_LINK_INVALID',
    'This sign-in link has expired or was already used. Request a new one.',
  );

/** Signing in by a link mailed to the address (ARCHITECTURE §5), landing where it was asked. */
export function createMagicLinks(
  deps: AuthServiceDeps,
  rules: CodeRules,
  {
    assertMaySignIn,
    startSession,
  }: { assertMaySignIn: AssertMaySignIn; startSession: StartSession },
) {
  const { db, clock, mailer } = deps;
  return {
    async requestMagicLink(
      email: string,
      callback: string | undefined,
      ip: string,
      returnTo?: string,
    ) {
      await rules.assertUnderLimit(
        'magic_request',
        ip,
        10,
        deps.limits.ipCodeRequestsPer10Min,
        'Too many link requests from your network. Wait a few minutes and try again.',
      );
      await rules.assertUnderLimit(
        'magic_request',
        email,
        10,
        5,
        'Several links were just sent to this address. Wait a few minutes and try again.',
      );
      const now = clock.now();
      // Counted when refused too (see login-codes.ts).
      await assertMaySignIn(db, email, inviteTokenOf(returnTo)).catch(async (error: unknown) => {
        await repo.recordAuthEvent(db, 'magic_request', ip, iso(now));
        throw error;
      });
      const callbackUrl = callback
        ? allowedCallbackOrigin(callback, deps.magicLinkCallbacks)
        : null;
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
        timezone,
        userAgent,
        inviteTokenOf(link.return_path),
      );
      return {
        accessToken,
        landingUrl: `${link.callback_url ?? deps.appUrl}${link.return_path ?? '/'}`,
      };
    },
  };
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
