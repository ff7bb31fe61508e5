import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { isApiRequest } from './error-handler.ts';

/**
 * Security headers on every response, errors included (ARCHITECTURE §5). Scripts come only from
 * this origin; styles may also carry a per-response nonce (the magic-link page uses one).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { corsOrigins: string[]; https: boolean; requestsPerMinute: number },
): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
  // No cross-origin access unless configured (CORS_ORIGINS).
  if (options.corsOrigins.length > 0) {
    await app.register(cors, { origin: options.corsOrigins, credentials: false });
  }
  // A per-instance flood guard on the API; the auth limits that matter are counted in the
  // database (decision 006). A root hook, so it counts before any route's own guard (a flood
  // of bad tokens is limited too); the app's static files are not worth counting.
  await app.register(rateLimit, { global: false });
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: options.requestsPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => !isApiRequest(request),
    }),
  );
}
