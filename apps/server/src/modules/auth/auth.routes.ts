import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessTokenResponseSchema,
  CodeAuthorizeBodySchema,
  CodeAuthorizeResponseSchema,
  CodeLoginBodySchema,
  MagicAuthorizeQuerySchema,
  MagicAuthorizeResponseSchema,
  MagicLoginBodySchema,
  SessionResponseSchema,
} from '@hustle/shared/auth';
import type { FeatureFlag } from '@hustle/shared/constants';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from './auth.service.ts';
import type { RequireSession } from './require-session.ts';
import { magicConfirmPage } from './magic-confirm-page.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  requireSession: RequireSession;
  appUrl: string;
  featureFlags: FeatureFlag[];
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, requireSession } = opts;

  app.post(
    '/auth/code/authorize',
    {
      schema: {
        tags,
        summary: 'E-mail a one-time login code',
        body: CodeAuthorizeBodySchema,
        response: { 200: CodeAuthorizeResponseSchema },
      },
    },
    async (request) => auth.requestCode(request.body.email, request.ip),
  );

  app.post(
    '/auth/code/login',
    {
      schema: {
        tags,
        summary: 'Exchange a login code for an access token',
        body: CodeLoginBodySchema,
        response: { 200: AccessTokenResponseSchema },
      },
    },
    async (request) =>
      auth.loginWithCode(request.body.email, request.body.code, request.ip, request.body.timezone),
  );

  app.get(
    '/auth/magic/authorize',
    {
      schema: {
        tags,
        summary: 'E-mail a single-use sign-in link',
        description:
          'A browser navigation: redirects to /magic-link/sent (or back to /magic-link with an error). ' +
          'Clients asking for application/json get the JSON answer instead.',
        querystring: MagicAuthorizeQuerySchema,
        response: { 200: MagicAuthorizeResponseSchema, 302: z.null() },
      },
      // A navigation cannot show a JSON error, so failures go back to the form as a message.
      errorHandler: (error, request, reply) => {
        if (wantsJson(request.headers.accept)) throw error;
        const message = error instanceof AppError ? error.message : 'Enter a valid e-mail address.';
        return reply.redirect(`/magic-link?error=${encodeURIComponent(message)}`);
      },
    },
    async (request, reply) => {
      const { email, callback, returnTo } = request.query;
      const sent = await auth.requestMagicLink(email, callback, request.ip, returnTo);
      if (wantsJson(request.headers.accept)) return sent;
      const params = new URLSearchParams({ email: sent.email });
      if (sent.debugLink) params.set('debugLink', sent.debugLink);
      return reply.redirect(`/magic-link/sent?${params}`);
    },
  );

  // Mail scanners pre-fetch links, so the GET only shows a page; the POST signs in.
  app.get(
    '/auth/magic/confirm',
    {
      schema: {
        tags,
        summary: 'Confirmation page of a sign-in link',
        querystring: z.object({ token: z.string().max(200).default('') }),
      },
    },
    async (request, reply) => {
      const { usable, callbackOrigin } = await auth.inspectMagicLink(request.query.token);
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
        .send(
          magicConfirmPage({ token: request.query.token, usable, nonce: reply.cspNonce.style }),
        );
    },
  );

  app.post(
    '/auth/magic/confirm',
    {
      schema: {
        tags,
        summary: 'Use a sign-in link: lands on the app with ?token=',
        body: MagicLoginBodySchema,
        response: { 303: z.null() },
      },
      errorHandler: (error, _request, reply) => {
        const message =
          error instanceof AppError ? error.message : 'This sign-in link is not valid.';
        return reply.redirect(`/magic-link?error=${encodeURIComponent(message)}`, 303);
      },
    },
    async (request, reply) => {
      const { accessToken, landingUrl } = await auth.loginWithMagicLink(
        request.body.token,
        request.body.timezone,
      );
      return reply
        .header('Referrer-Policy', 'no-referrer')
        .redirect(`${landingUrl}?token=${encodeURIComponent(accessToken)}`, 303);
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: requireSession,
      schema: { tags, summary: 'Revoke the access token', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await auth.logout(request.session.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/session',
    {
      onRequest: requireSession,
      schema: { tags, summary: 'The signed-in user', response: { 200: SessionResponseSchema } },
    },
    async (request) => ({
      userId: request.session.userId,
      workspaceId: request.session.workspaceId,
      email: request.session.email,
      featureFlags: opts.featureFlags,
    }),
  );
};

function wantsJson(accept: string | undefined): boolean {
  return Boolean(accept?.includes('application/json'));
}
