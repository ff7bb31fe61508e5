import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a fast read to a request the server gave up on (HTTP_REQUEST_TIMEOUT_MS). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: from a receiver on the same network to one cut off at WEBHOOKS_TIMEOUT_MS's cap. */
const WEBHOOK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const TRANSACTION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/**
 * prom-client's default gauges that promtool's linter refuses (a gauge named like a counter); the
 * per-type breakdowns `nodejs_active_handles` and friends stay.
 */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/** What the process can tell about its database connections when asked (PostgreSQL's pool). */
export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

/** What the metrics read when scraped rather than count as things happen. */
export interface MetricsSources {
  openStreams?: () => number;
  pool?: () => PoolFigures;
}

/** Gauges read from `sources` when Prometheus scrapes, rather than kept up to date. */
function readAtScrape(registry: Registry, sources: MetricsSources): void {
  new Gauge({
    name: 'hustle_live_streams_open',
    help: 'Live-update (Server-Sent Events) streams open on this process',
    registers: [registry],
    collect() {
      if (sources.openStreams) this.set(sources.openStreams());
    },
  });
  new Gauge({
    name: 'hustle_db_pool_connections',
    help: 'PostgreSQL pool connections: all open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const figures = sources.pool?.();
      if (!figures) return;
      for (const [state, value] of Object.entries(figures)) this.set({ state }, value);
    },
  });
}

/**
 * Webhook delivery attempts by outcome and their durations (decision 086); the labels stay the
 * outcome alone, never a URL or an endpoint.
 */
function webhookRecorder(registers: Registry[]) {
  const webhookAttempts = new Counter({
    name: 'hustle_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: delivered, failed (a retry to come), gave_up (the last)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const webhookDuration = new Histogram({
    name: 'hustle_webhook_attempt_duration_seconds',
    help: 'Time a webhook delivery attempt took, from sending to the answer or the failure',
    buckets: WEBHOOK_BUCKETS,
    registers,
  });
  return (outcome: 'delivered' | 'failed' | 'gave_up', seconds: number): void => {
    webhookAttempts.inc({ outcome });
    webhookDuration.observe(seconds);
  };
}

/**
 * The figures a server process keeps for Prometheus (decision 054), in a registry of its own so
 * that several apps in one process (tests) never share or double-register them. Modules are
 * handed the small recorder functions below, never prom-client itself.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  const sources: MetricsSources = {};
  const registers = [registry];

  const requests = new Histogram({
    name: 'hustle_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with the time to answer them',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const transactions = new Histogram({
    name: 'hustle_db_transaction_duration_seconds',
    help: 'Write transactions (commands) from queueing to a durable commit, by outcome',
    labelNames: ['outcome'] as const,
    buckets: TRANSACTION_BUCKETS,
    registers,
  });
  const replays = new Counter({
    name: 'hustle_idempotent_replays_total',
    help: 'Writes answered with the stored answer of a repeated Idempotency-Key',
    registers,
  });
  const schedulerTicks = new Counter({
    name: 'hustle_scheduler_ticks_total',
    help: 'Automation scheduler passes over the due automations, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  const schedulerRuns = new Counter({
    name: 'hustle_scheduler_runs_total',
    help: 'Automation runs the scheduler fired, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  const schedulerLag = new Gauge({
    name: 'hustle_scheduler_lag_seconds',
    help: 'How late the last scheduler pass started after it was due',
    registers,
  });
  const schedulerDuration = new Histogram({
    name: 'hustle_scheduler_tick_duration_seconds',
    help: 'Time a scheduler pass took',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers,
  });
  readAtScrape(registry, sources);

  return {
    /** Adds what is read at scrape time (open streams, the pool). */
    readFrom(more: MetricsSources): void {
      Object.assign(sources, more);
    },
    request(method: string, route: string, status: number, seconds: number): void {
      requests.observe({ method, route, status: String(status) }, seconds);
    },
    transaction(outcome: 'committed' | 'rolled_back', seconds: number): void {
      transactions.observe({ outcome }, seconds);
    },
    replay: () => replays.inc(),
    schedulerTick(outcome: 'ok' | 'failed', lagSeconds: number, seconds: number): void {
      schedulerTicks.inc({ outcome });
      schedulerLag.set(lagSeconds);
      schedulerDuration.observe(seconds);
    },
    schedulerRun: (outcome: 'created' | 'failed') => schedulerRuns.inc({ outcome }),
    webhookAttempt: webhookRecorder(registers),
    /** The exposition text. */
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Whether an Authorization header carries the metrics token, compared in constant time. */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}
