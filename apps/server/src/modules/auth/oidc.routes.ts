import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authApi } from '@hustle/shared/auth.api';
import { OIDC_START_PATH } from '@hustle/shared/auth';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hmac } from '../../lib/tokens.ts';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from './require-session.ts';
import { OidcRefusal, type OidcFlow, type OidcSignIn } from './oidc.ts';

export interface OidcRoutesOptions {
  /** Absent when no provider is set up: the start and callback then only say so. */
  oidc: OidcSignIn | undefined;
  emailSignIn: boolean;
  secretKey: string;
  https: boolean;
  clock: Clock;
  requireSession: RequireSession;
}

const FLOW_COOKIE = 'hustle_oidc';
const FLOW_MINUTES = 10;
/** Only the callback reads the flow cookie, so no other request carries it. */
const CALLBACK_PATH = authApi.finishOidcSignIn.path;

const FlowCookieSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  returnTo: z.string().optional(),
  timezone: z.string().optional(),
  expiresAt: z.number(),
});

/**
 * The login screen's options and the OpenID Connect round trip (decision 058). The flow's
 * secrets ride in a signed cookie, so whichever server takes the callback can check them.
 */
export const oidcRoutes: FastifyPluginAsync<OidcRoutesOptions> = async (app, opts) => {
  const { oidc } = opts;
  const route = createRouter(app, { requireSession: opts.requireSession });
  await app.register(cookie, { secret: hmac(opts.secretKey, 'oidc-flow-cookie') });
  const toLogin = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof OidcRefusal)) reply.log.error({ err: error }, 'OIDC sign-in failed');
    const message =
      error instanceof OidcRefusal || error instanceof AppError
        ? error.message
        : 'Signing in did not work. Try again.';
    return reply.redirect(`/login?error=${encodeURIComponent(message)}`, 303);
  };
  const notSetUp = () => new OidcRefusal('Single sign-on is not set up on this server.');

  route(authApi.getSignInOptions, async () => ({
    email: opts.emailSignIn,
    sso: oidc ? { name: oidc.name, startPath: OIDC_START_PATH } : null,
  }));

  route(
    authApi.startOidcSignIn,
    async (request, reply) => {
      if (!oidc) throw notSetUp();
      const { url, flow } = await oidc.start(request.query.returnTo, request.query.timezone);
      const expiresAt = addMinutes(opts.clock.now(), FLOW_MINUTES).getTime();
      return reply
        .setCookie(FLOW_COOKIE, JSON.stringify({ ...flow, expiresAt }), {
          path: CALLBACK_PATH,
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level GET, which still carries it.
          sameSite: 'lax',
          secure: opts.https,
          signed: true,
          maxAge: FLOW_MINUTES * 60,
        })
        .header('Cache-Control', 'no-store')
        .redirect(url, 302);
    },
    { errorHandler: (error, _request, reply) => toLogin(reply, error) },
  );

  route(
    authApi.finishOidcSignIn,
    async (request, reply) => {
      if (!oidc) throw notSetUp();
      const flow = readFlow(request, opts.clock);
      reply.clearCookie(FLOW_COOKIE, { path: CALLBACK_PATH });
      const queryAt = request.url.indexOf('?');
      const { accessToken, landingUrl } = await oidc.finish(
        queryAt === -1 ? '' : request.url.slice(queryAt),
        flow,
        request.headers['user-agent'],
      );
      return reply
        .header('Referrer-Policy', 'no-referrer')
        .header('Cache-Control', 'no-store')
        .redirect(`${landingUrl}?token=${encodeURIComponent(accessToken)}`, 303);
    },
    { errorHandler: (error, _request, reply) => toLogin(reply, error) },
  );
};

/** The flow this browser started, when its cookie is intact and not older than ten minutes. */
function readFlow(request: FastifyRequest, clock: Clock): OidcFlow | undefined {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  let parsed;
  try {
    parsed = FlowCookieSchema.safeParse(JSON.parse(unsigned.value));
  } catch {
    return undefined;
  }
  if (!parsed.success || parsed.data.expiresAt <= clock.now().getTime()) return undefined;
  const { expiresAt: _expiresAt, ...flow } = parsed.data;
  return flow;
}
