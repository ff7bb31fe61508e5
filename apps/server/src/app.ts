import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import formBody from '@fastify/formbody';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { answerFrameworkError, installErrorHandler } from './plugins/error-handler.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerCompression } from './plugins/compression.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerDocs } from './plugins/docs.ts';
import { inlineScriptSources, registerWebApp } from './plugins/web-app.ts';
import { acceptIdempotencyKeys } from './plugins/idempotency-key.ts';
import { closeConnectionsOnShutdown } from './plugins/close-connections.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createRequireSession } from './modules/auth/require-session.ts';
import { createOidcSignIn } from './modules/auth/oidc.ts';
import { oidcRoutes } from './modules/auth/oidc.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createPlanService } from './modules/billing/plan.service.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createStripeGateway } from './modules/billing/payment-gateway.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { tasksRoutes } from './modules/tasks/tasks.routes.ts';
import { dayReviewsRoutes } from './modules/day-reviews/day-reviews.routes.ts';
import { focusRoutes } from './modules/focus/focus.routes.ts';
import { readTimeEntries } from './modules/focus/focus.service.ts';
import { logbookRoutes } from './modules/logbook/logbook.routes.ts';
import { createLogbookService } from './modules/logbook/logbook.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createInvitesService, isInviteLive } from './modules/invites/invites.service.ts';
import { invitesRoutes } from './modules/invites/invites.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createSyncService } from './modules/sync/sync.service.ts';
import { createCarryOver } from './modules/tasks/days.service.ts';
import { syncRoutes } from './modules/sync/sync.routes.ts';
import { createVersionWatcher } from './modules/events/version-watcher.ts';
import { createStreamCaps } from './modules/events/stream-caps.ts';
import { createAutomationScheduler } from './modules/automations/automation-scheduler.ts';
import { createAutomationsService } from './modules/automations/automations.service.ts';
import { automationsRoutes } from './modules/automations/automations.routes.ts';
import { createPolicy } from './modules/policy/policy.service.ts';
import { policyCounts } from './policy-counts.ts';
import { createPortabilityService } from './modules/portability/portability.service.ts';
import { portabilityRoutes } from './modules/portability/portability.routes.ts';
import { undoRoutes } from './modules/undo/undo.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createEmailChangeService } from './modules/account/email-change.service.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createWritePath } from './modules/workspaces/unit-of-work.ts';
import { createMetrics } from './modules/metrics/metrics.service.ts';
import { metricsRoutes, timeRequests } from './modules/metrics/metrics.routes.ts';
import { createMaintenance } from './modules/workspaces/maintenance.ts';
import { createVersionFeed } from './modules/workspaces/version-feed.ts';
import { createTokensService } from './modules/tokens/tokens.service.ts';
import { tokensRoutes } from './modules/tokens/tokens.routes.ts';
import { createFeedsService } from './modules/feeds/feeds.service.ts';
import { feedsRoutes } from './modules/feeds/feeds.routes.ts';
import { createCaldavService } from './modules/caldav/caldav.service.ts';
import { caldavRoutes } from './modules/caldav/caldav.routes.ts';
import { enqueueDeliveries } from './modules/webhooks/webhook-events.ts';
import { createWebhookWorker } from './modules/webhooks/webhook-worker.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createPushKeys } from './modules/reminders/push-keys.ts';
import { createReminderScheduler } from './modules/reminders/reminder-scheduler.ts';
import { createRemindersService } from './modules/reminders/reminders.service.ts';
import { remindersRoutes } from './modules/reminders/reminders.routes.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secretKey: string;
  clock?: Clock;
  mailer?: Mailer;
  /** Where log lines go: stdout by default, another stream in tests, or nowhere (false). */
  logger?: false | { stream: DestinationStream };
  /** Sees every route as it is registered (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
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
    logger:
      deps.logger === false
        ? false
        : loggerOptions({ level: config.logLevel, stream: deps.logger?.stream }),
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 256 * 1024,
    // Slow or silent clients lose their connection (issue 13, finding 4; decision 014). The
    // request timeout covers receiving the request only, so live-update streams outlive it; they
    // stay within the idle timeout by writing a comment line at half of it.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      // Node checks the two timeouts above every 30 s by default, which would let a slow client
      // keep its connection for that much longer.
      connectionsCheckingInterval: 1_000,
    },
    frameworkErrors: answerFrameworkError,
  });
  for (const warning of config.warnings) app.log.warn(warning);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  installErrorHandler(app);
  const metrics = createMetrics();
  timeRequests(app, metrics);
  acceptEmptyJsonBodies(app);
  acceptIdempotencyKeys(app);
  closeConnectionsOnShutdown(app);

  await registerSecurity(app, {
    corsOrigins: config.corsOrigins,
    https: config.appUrl.startsWith('https://'),
    requestsPerMinute: config.apiRateLimitPerMinute,
    tokenRequestsPerMinute: config.tokenRateLimitPerMinute,
    scriptSources: inlineScriptSources(config.webDistDir),
  });
  await app.register(formBody);
  await registerCompression(app);
  if (config.apiDocs) await registerDocs(app);

  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log);
  const db = database.db;
  const plans = createPlanService({ db, clock, trialDays: config.trialDays });
  const policy = createPolicy({ plans, counts: policyCounts });
  const versionFeed = createVersionFeed(database);
  app.addHook('onReady', () => versionFeed.start());
  app.addHook('onClose', () => versionFeed.stop());
  const writes = createWritePath({
    database,
    clock,
    onCommitted: versionFeed.committed,
    onTransaction: metrics.transaction,
    onReplay: metrics.replay,
    outbox: enqueueDeliveries,
  });
  const tokens = createTokensService({ db, dialect: database.dialect, clock });
  const auth = createAuthService({
    db,
    clock,
    mailer,
    secretKey: deps.secretKey,
    appUrl: config.appUrl,
    exposeDebugSecrets: !config.isProduction,
    magicLinkCallbacks: config.magicLinkCallbacks,
    emailSignIn: config.emailSignIn,
    limits: config.authLimits,
    signUp: { policy: config.signUp, isInviteLive },
    onUserCreated: plans.startTrial,
    tokens,
  });
  const requireSession = createRequireSession(auth);
  await app.register(tokensRoutes, { tokens, requireSession });
  const feeds = createFeedsService({
    db,
    dialect: database.dialect,
    clock,
    secretKey: deps.secretKey,
    appUrl: config.appUrl,
  });
  await app.register(feedsRoutes, { feeds, requireSession });
  const outbound = { allowLoopback: config.webhooks.allowLoopback };
  await app.register(webhooksRoutes, {
    webhooks: createWebhooksService({
      db,
      dialect: database.dialect,
      clock,
      secretKey: deps.secretKey,
      outbound,
    }),
    requireSession,
  });
  const webhookWorker = createWebhookWorker({
    db,
    dialect: database.dialect,
    clock,
    log: app.log,
    mailer,
    appUrl: config.appUrl,
    secretKey: deps.secretKey,
    settings: {
      intervalMs: config.webhooks.intervalMs,
      timeoutMs: config.webhooks.timeoutMs,
      // An attempt ends by its deadline; the lease outlasts it with room to record the outcome.
      leaseMs: config.webhooks.timeoutMs + 50_000,
      retryDelaysMs: config.webhooks.retryDelaysMs,
      batch: 20,
      outbound,
    },
    observe: metrics.webhookAttempt,
  });
  app.addHook('onReady', async () => webhookWorker.start());
  app.addHook('onClose', async () => webhookWorker.stop());

  await app.register(healthRoutes, { database });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  const billing = createBillingService({
    db,
    clock,
    appUrl: config.appUrl,
    stripe: config.stripe ? createStripeGateway(config.stripe) : undefined,
  });
  const account = createAccountService({ db, writes, auth, billing });
  const admin = createAdminService({
    db,
    dialect: database.dialect,
    writes,
    clock,
    adminEmails: config.adminEmails,
    defaultFeatureFlags: config.featureFlags,
  });
  await app.register(authRoutes, {
    auth,
    requireSession,
    appUrl: config.appUrl,
    accounts: admin,
    signOut: (session) => account.signOut(session),
  });
  await app.register(oidcRoutes, {
    oidc: config.oidc
      ? createOidcSignIn({
          settings: config.oidc,
          appUrl: config.appUrl,
          startSession: auth.startSession,
        })
      : undefined,
    emailSignIn: config.emailSignIn,
    secretKey: deps.secretKey,
    https: config.appUrl.startsWith('https://'),
    clock,
    requireSession,
  });
  await app.register(billingRoutes, {
    plans,
    billing,
    requireSession,
    sandboxCheckout: config.sandboxCheckout,
  });
  const ensureCarriedOver = createCarryOver({ db, writes, clock });
  const dashboard = createDashboardService({
    db,
    plans,
    ensureCarriedOver,
    versions: versionFeed,
  });
  await app.register(dashboardRoutes, { dashboard, requireSession });
  const sync = createSyncService({ db, plans, ensureCarriedOver });
  await app.register(syncRoutes, { sync, requireSession });
  await app.register(projectsRoutes, {
    projects: createProjectsService({ db, policy }),
    writes,
    policy,
    requireSession,
  });
  await app.register(tasksRoutes, {
    db,
    writes,
    policy,
    requireSession,
    readTimeEntries,
  });
  await app.register(focusRoutes, { writes, policy, requireSession });
  await app.register(dayReviewsRoutes, { writes, policy, requireSession });
  const pushKeys = createPushKeys({ db, clock });
  await app.register(remindersRoutes, {
    reminders: createRemindersService({ db, clock, keys: pushKeys }),
    writes,
    policy,
    requireSession,
  });
  const reminderScheduler = createReminderScheduler({
    db,
    clock,
    log: app.log,
    keys: pushKeys,
    mailer,
    appUrl: config.appUrl,
    push: {
      subject: config.reminders.subject,
      outbound: { allowLoopback: config.reminders.allowLoopback },
      timeoutMs: 10_000,
    },
    intervalMs: config.reminders.intervalMs,
  });
  app.addHook('onReady', async () => reminderScheduler.start());
  app.addHook('onClose', async () => reminderScheduler.stop());
  await app.register(searchRoutes, {
    search: createSearchService({ db, dialect: database.dialect }),
    requireSession,
  });
  await app.register(logbookRoutes, {
    logbook: createLogbookService({ db, clock }),
    requireSession,
  });
  await app.register(invitesRoutes, {
    invites: createInvitesService({ db, policy }),
    writes,
    policy,
    secretKey: deps.secretKey,
    requireSession,
  });
  const scheduler = createAutomationScheduler({
    db,
    writes,
    policy,
    clock,
    log: app.log,
    intervalMs: config.schedulerIntervalMs,
    observe: { run: metrics.schedulerRun, tick: metrics.schedulerTick },
  });
  await app.register(automationsRoutes, {
    automations: createAutomationsService({ db, clock, scheduler }),
    db,
    clock,
    writes,
    policy,
    scheduler,
    requireSession,
  });
  await app.register(portabilityRoutes, {
    portability: createPortabilityService({ db, clock, writes, policy }),
    requireSession,
  });
  await app.register(undoRoutes, { writes, policy, requireSession });
  const caldav = createCaldavService({
    db,
    writes,
    policy,
    clock,
    tokens,
    uidDomain: new URL(config.appUrl).hostname,
  });
  await app.register(caldavRoutes, { caldav });
  await app.register(accountRoutes, {
    account,
    emailChange: createEmailChangeService({
      db,
      clock,
      mailer,
      secretKey: deps.secretKey,
      exposeDebugSecrets: !config.isProduction,
      codes: auth.codes,
    }),
    writes,
    requireSession,
  });
  await app.register(adminRoutes, { admin, requireSession });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
  const maintenance = createMaintenance({ db, clock });
  const pruning = setInterval(() => {
    Promise.all([auth.pruneExpired(), maintenance.pruneWriteHistory(), caldav.pruneGone()]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'pruning expired data failed'),
    );
  }, 3_600_000).unref();
  app.addHook('onClose', async () => clearInterval(pruning));
  const streamCaps = createStreamCaps(config.eventStreamCaps);
  metrics.readFrom({
    openStreams: streamCaps.open,
    ...(database.poolFigures ? { pool: database.poolFigures } : {}),
  });
  await app.register(eventsRoutes, {
    auth,
    dashboard,
    watcher: createVersionWatcher({
      db,
      feed: versionFeed,
      intervalMs: config.eventsPollMs,
      log: app.log,
    }),
    requireSession,
    caps: streamCaps,
    keepAliveMs: Math.min(25_000, Math.floor(config.http.idleTimeoutMs / 2)),
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}
