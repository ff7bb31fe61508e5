import Fastify, { type FastifyInstance } from 'fastify';
import formBody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { installErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRequireSession } from './modules/auth/require-session.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secretKey: string;
  clock?: Clock;
  mailer?: Mailer;
  /** Logger settings; tests pass false. */
  logger?: boolean | { level: string };
}

/** Builds the whole app without listening, so tests drive it with `inject` or a real port. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdLogLabel: 'requestId',
    bodyLimit: 256 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await registerSecurity(app, {
    corsOrigins: config.corsOrigins,
    https: config.appUrl.startsWith('https://'),
  });
  await app.register(formBody);
  await registerDocs(app);

  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log);
  const auth = createAuthService({
    db: database.db,
    clock,
    mailer,
    secretKey: deps.secretKey,
    appUrl: config.appUrl,
    exposeDebugSecrets: !config.isProduction,
    limits: config.authLimits,
  });
  const requireSession = createRequireSession(auth);

  await app.register(healthRoutes, { ping: database.ping });
  await app.register(authRoutes, {
    auth,
    requireSession,
    appUrl: config.appUrl,
    featureFlags: config.featureFlags,
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}
