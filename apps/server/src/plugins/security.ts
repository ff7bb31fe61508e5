import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';

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
  // A per-instance flood guard; the auth limits that matter are counted in the database.
  await app.register(rateLimit, { max: options.requestsPerMinute, timeWindow: '1 minute' });
}
