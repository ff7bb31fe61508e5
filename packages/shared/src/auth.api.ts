import { z } from 'zod';
import { SecretTokenSchema } from './ids.ts';
import {
  AccessTokenResponseSchema,
  CodeAuthorizeBodySchema,
  CodeAuthorizeResponseSchema,
  CodeLoginBodySchema,
  MagicAuthorizeQuerySchema,
  MagicAuthorizeResponseSchema,
  MagicLoginBodySchema,
  SessionResponseSchema,
} from './auth.ts';
import { defineEndpoints, HtmlPageSchema, NoContentSchema, redirectTo } from './endpoint.ts';

const tags = ['auth'];

/** spec §7 sign-in calls, the magic-link pages (ARCHITECTURE §5) and the session. */
export const authApi = defineEndpoints({
  requestLoginCode: {
    method: 'POST',
    path: '/auth/code/authorize',
    summary: 'E-mail a one-time login code',
    tags,
    auth: 'none',
    body: CodeAuthorizeBodySchema,
    responses: { 200: CodeAuthorizeResponseSchema },
    // A new address where SIGNUP does not let it in (decision 056).
    errors: ['SIGN_UP_CLOSED'],
  },
  loginWithCode: {
    method: 'POST',
    path: '/auth/code/login',
    summary: 'Exchange a login code for an access token',
    tags,
    auth: 'none',
    body: CodeLoginBodySchema,
    responses: { 200: AccessTokenResponseSchema },
    errors: ['CODE_INVALID', 'CODE_EXPIRED', 'ACCOUNT_DISABLED', 'SIGN_UP_CLOSED'],
  },
  requestMagicLink: {
    method: 'GET',
    path: '/auth/magic/authorize',
    summary: 'E-mail a single-use sign-in link',
    description:
      'A browser navigation: redirects to /magic-link/sent (or back to /magic-link with an error). ' +
      'Clients asking for application/json get the JSON answer instead.',
    tags,
    auth: 'none',
    query: MagicAuthorizeQuerySchema,
    responses: {
      200: MagicAuthorizeResponseSchema,
      302: redirectTo('/magic-link/sent, or /magic-link?error= on a failure'),
    },
    errors: ['SIGN_UP_CLOSED'],
  },
  // Mail scanners pre-fetch links, so the GET only shows a page; the POST signs in.
  showMagicLinkConfirmation: {
    method: 'GET',
    path: '/auth/magic/confirm',
    summary: 'Confirmation page of a sign-in link',
    tags,
    auth: 'none',
    query: z.object({ token: z.union([z.literal(''), SecretTokenSchema]).default('') }).strict(),
    responses: { 200: HtmlPageSchema },
    produces: ['text/html'],
  },
  confirmMagicLink: {
    method: 'POST',
    path: '/auth/magic/confirm',
    summary: 'Use a sign-in link: lands on the app with ?token=',
    tags,
    auth: 'none',
    body: MagicLoginBodySchema,
    responses: { 303: redirectTo('the app with ?token=, or /magic-link?error= on a failure') },
    failsWithRedirect: true,
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revoke the access token',
    tags,
    auth: 'session',
    responses: { 204: NoContentSchema },
  },
  getSession: {
    method: 'GET',
    path: '/api/v1/session',
    summary: 'The signed-in user',
    tags,
    auth: 'session',
    responses: { 200: SessionResponseSchema },
  },
});
