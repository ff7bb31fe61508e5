import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import { authApi } from '@hustle/shared/auth.api';
import type { FeatureFlag } from '@hustle/shared/constants';
import { AppError } from '../../lib/errors.ts';
import { createRouter } from '../../plugins/contract-routes.ts';
import { SERVER_PAGE_STYLE_SOURCE } from '../../lib/server-page.ts';
import { allowInlineStyles } from '../../plugins/security.ts';
import type { AuthService, SessionContext } from './auth.service.ts';
import type { RequireSession } from './require-session.ts';
import { magicConfirmPage } from './magic-confirm-page.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  requireSession: RequireSession;
  appUrl: string;
  /**
   * The features an account gets (its own, else the server's: spec S3.35/S6.8) and whether it
   * may open the admin page; the admin module answers both (decision 057).
   */
  accounts: {
    featureFlagsOf: (userId: string) => Promise<FeatureFlag[]>;
    isAdmin: (email: string) => boolean;
  };
  /**
   * Ends the caller's session as a command on their workspace, like signing a device out from
   * the account screen: the version moves, so the session's open streams end at once, on every
   * server (decision 044).
   */
  signOut: (session: SessionContext) => Promise<unknown>;
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, opts) => {
  const { auth, requireSession } = opts;
  const route = createRouter(app, { requireSession });

  route(authApi.requestLoginCode, async (request) =>
    auth.requestCode(request.body.email, request.ip, request.body.invite),
  );

  route(authApi.loginWithCode, async ({ body, ip, headers }) =>
    auth.loginWithCode(
      body.email,
      body.code,
      ip,
      body.timezone,
      headers['user-agent'],
      body.invite,
    ),
  );

  route(
    authApi.requestMagicLink,
    async (request, reply) => {
      const { email, callback, returnTo } = request.query;
      const sent = await auth.requestMagicLink(email, callback, request.ip, returnTo);
      if (wantsJson(request.headers.accept)) return sent;
      const params = new URLSearchParams({ email: sent.email });
      if (sent.debugLink) params.set('debugLink', sent.debugLink);
      return reply.redirect(`/magic-link/sent?${params}`);
    },
    { errorHandler: backToMagicLinkForm },
  );

  // Mail scanners pre-fetch links, so the GET only shows a page; the POST signs in.
  route(authApi.showMagicLinkConfirmation, async (request, reply) => {
    const { usable, callbackOrigin } = await auth.inspectMagicLink(request.query.token);
    allowInlineStyles(reply, [SERVER_PAGE_STYLE_SOURCE]);
    if (callbackOrigin) {
      // The form's redirect lands on the local dev origin; CSP form-action covers redirects too.
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header(
        'content-security-policy',
        csp.replace("form-action 'self'", `form-action 'self' ${callbackOrigin}`),
      );
    }
    return reply
      .header('Referrer-Policy', 'no-referrer')
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(magicConfirmPage({ token: request.query.token, usable }));
  });

  route(
    authApi.confirmMagicLink,
    async (request, reply) => {
      const { accessToken, landingUrl } = await auth.loginWithMagicLink(
        request.body.token,
        request.body.timezone,
        request.headers['user-agent'],
      );
      return reply
        .header('Referrer-Policy', 'no-referrer')
        .redirect(`${landingUrl}?token=${encodeURIComponent(accessToken)}`, 303);
    },
    {
      errorHandler: (error, _request, reply) => {
        const message =
          error instanceof AppError ? error.message : 'This sign-in link is not valid.';
        return reply.redirect(`/magic-link?error=${encodeURIComponent(message)}`, 303);
      },
    },
  );

  route(authApi.logout, async (request, reply) => {
    await opts.signOut(request.session);
    return reply.code(204).send(null);
  });

  route(authApi.getSession, async (request) => sessionAnswer(request.session, opts.accounts));
};

/** Who is signed in, and what their account gets (spec S3.35/S6.8, decision 057). */
async function sessionAnswer(session: SessionContext, accounts: AuthRoutesOptions['accounts']) {
  return {
    userId: session.userId,
    workspaceId: session.workspaceId,
    email: session.email,
    featureFlags: await accounts.featureFlagsOf(session.userId),
    isAdmin: accounts.isAdmin(session.email),
  };
}

/**
 * A navigation cannot show a JSON error, so failures go back to the form as a message; the
 * refusals of sign-up (decision 056) are read there.
 */
const backToMagicLinkForm: NonNullable<RouteOptions['errorHandler']> = (error, request, reply) => {
  if (wantsJson(request.headers.accept)) throw error;
  const message = error instanceof AppError ? error.message : 'Enter a valid e-mail address.';
  return reply.redirect(`/magic-link?error=${encodeURIComponent(message)}`);
};

function wantsJson(accept: string | undefined): boolean {
  return Boolean(accept?.includes('application/json'));
}
