import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { API_DOCS_PATH } from '@hustle/shared/endpoint';
import { rateLimited } from '../lib/errors.ts';
import { isApiRequest } from './error-handler.ts';

/**
 * Security headers on every response, errors included (ARCHITECTURE §5). Scripts and styles come
 * only from this origin; the few server-made pages allow their own inline style by its hash
 * (`allowInlineStyles`, lib/server-page.ts). The headers are built once and copied onto each
 * answer: building them per request, as the Fastify wrapper of helmet does, cost more than the
 * rest of a small request, and running helmet's middleware on each answer still cost a small
 * read about 15 % of its throughput (docs/performance.md).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: {
    corsOrigins: string[];
    https: boolean;
    requestsPerMinute: number;
    /** Requests per access token per minute (issue 32), counted once the token is known. */
    tokenRequestsPerMinute: number;
    /** CSP sources (hashes) of the web app's inline scripts (`inlineScriptSources`). */
    scriptSources: readonly string[];
  },
): Promise<void> {
  const securityHeaders = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptSources],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The offline service worker and the install manifest (issue 15, decision 028).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    // Issue 28: API answers hold private data (an export, a session, a workspace), so no cache
    // — the browser's, a proxy's — may keep them. A route may set its own: the workspace read
    // answers `private, no-cache` with an ETag, because the web client leaves revalidation to
    // the browser's cache, which sends If-None-Match only for an answer it may keep
    // (dashboard.routes.ts, decision 036). The OpenAPI document is public.
    if (isPrivateAnswer(request)) reply.header('cache-control', 'no-store');
    done();
  });
  // No cross-origin access unless configured (CORS_ORIGINS).
  if (options.corsOrigins.length > 0) {
    await app.register(cors, { origin: options.corsOrigins, credentials: false });
  }
  // A per-instance flood guard on the API; the auth limits that matter are counted in the
  // database (decision 006). A root hook, so it counts before any route's own guard (a flood
  // of bad tokens is limited too); the app's static files are not worth counting.
  await app.register(rateLimit, {
    global: false,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: options.requestsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => request.ip,
      allowList: (request) => !isApiRequest(request),
    }),
  );
  // Each access token has its own allowance, whichever address it comes from: another app's
  // loop cannot crowd out its owner's browser. Counted once the route's guard has named it.
  const countTokenRequest = app.createRateLimit({
    max: options.tokenRequestsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `token:${request.session.token?.id ?? ''}`,
  });
  app.addHook('preHandler', async (request) => {
    // Routes without a guard have no session at all.
    if (!(request.session as typeof request.session | undefined)?.token) return;
    const count = await countTokenRequest(request);
    if (!count.isAllowed && count.isExceeded) {
      throw rateLimited('This access token has made too many requests. Try again in a minute.');
    }
  });
}

const isPrivateAnswer = (request: FastifyRequest) =>
  isApiRequest(request) && !(request.routeOptions.url ?? request.url).startsWith(API_DOCS_PATH);

/**
 * The headers helmet sets for these options, read once by letting it write to a recorder. They
 * do not depend on the request: helmet's only per-request input is a CSP nonce function, which
 * the policy above does not use.
 */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** The policy with `sources` added to style-src, and nothing else changed. */
export function policyAllowingStyles(policy: string, sources: readonly string[]): string {
  return policy
    .split(';')
    .map((directive) =>
      directive.trim().startsWith('style-src ') ? `${directive} ${sources.join(' ')}` : directive,
    )
    .join(';');
}

/** Lets this answer's page use the given inline style sources (hashes of their text). */
export function allowInlineStyles(reply: FastifyReply, sources: readonly string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string')
    reply.header('content-security-policy', policyAllowingStyles(policy, sources));
}
