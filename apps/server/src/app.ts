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
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createPlanService } from './modules/billing/plan.service.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createStripeGateway } from './modules/billing/payment-gateway.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { createTasksService } from './modules/tasks/tasks.service.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createInvitesService } from './modules/invites/invites.service.ts';
import { invitesRoutes } from './modules/invites/invites.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createVersionWatcher } from './modules/events/version-watcher.ts';
import { createAutomationScheduler } from './modules/automations/automation-scheduler.ts';
import { createAutomationsService } from './modules/automations/automations.service.ts';
import { automationsRoutes } from './modules/automations/automations.routes.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secretKey: string;
  clock?: Clock;
  mailer?: Mailer;
  /** Logger settings; tests pass false. */
  logger?: boolean | { level: string };
}

/**
 * spec §7 sends some commands with an empty body; a JSON content type with nothing in it means
 * "no body" rather than a 400. Everything else goes through Fastify's own safe parser.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body.toString(), done);
  });
}

/** Builds the whole app without listening, so tests drive it with `inject` or a real port. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 256 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  acceptEmptyJsonBodies(app);

  await registerSecurity(app, {
    corsOrigins: config.corsOrigins,
    https: config.appUrl.startsWith('https://'),
    requestsPerMinute: config.apiRateLimitPerMinute,
  });
  await app.register(formBody);
  await registerDocs(app);

  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log);
  const db = database.db;
  const plans = createPlanService({ db, clock, trialDays: config.trialDays });
  const auth = createAuthService({
    db,
    clock,
    mailer,
    secretKey: deps.secretKey,
    appUrl: config.appUrl,
    exposeDebugSecrets: !config.isProduction,
    limits: config.authLimits,
    onUserCreated: plans.startTrial,
  });
  const requireSession = createRequireSession(auth);

  await app.register(healthRoutes, { ping: database.ping });
  await app.register(authRoutes, {
    auth,
    requireSession,
    appUrl: config.appUrl,
    featureFlags: config.featureFlags,
  });
  const billing = createBillingService({
    db,
    clock,
    appUrl: config.appUrl,
    stripe: config.stripe ? createStripeGateway(config.stripe) : undefined,
  });
  await app.register(billingRoutes, { plans, billing, requireSession });
  const dashboard = createDashboardService({ db, plans });
  await app.register(dashboardRoutes, { dashboard, requireSession });
  await app.register(projectsRoutes, {
    projects: createProjectsService({ db, clock, plans }),
    requireSession,
  });
  await app.register(tasksRoutes, { tasks: createTasksService({ db, clock }), requireSession });
  await app.register(invitesRoutes, {
    invites: createInvitesService({ db, clock, plans, secretKey: deps.secretKey }),
    requireSession,
  });
  const scheduler = createAutomationScheduler({
    db,
    clock,
    log: app.log,
    intervalMs: config.schedulerIntervalMs,
  });
  await app.register(automationsRoutes, {
    automations: createAutomationsService({ db, clock, plans, scheduler }),
    requireSession,
  });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
  const pruning = setInterval(() => {
    auth
      .pruneExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'pruning auth data failed'));
  }, 3_600_000).unref();
  app.addHook('onClose', async () => clearInterval(pruning));
  await app.register(eventsRoutes, {
    auth,
    dashboard,
    watcher: createVersionWatcher({ db, intervalMs: config.eventsPollMs, log: app.log }),
    requireSession,
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}
