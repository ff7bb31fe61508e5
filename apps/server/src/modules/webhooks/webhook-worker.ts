import { Webhook } from 'standardwebhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DialectName } from '../../db/database.ts';
import type { WebhookDeliveriesTable } from '../../db/schema.ts';
import { addDays, systemClock, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { guardedPost, type OutboundPolicy } from '../../lib/outbound.ts';
import { signingSecretOf } from './webhooks.service.ts';
import * as repo from './webhooks.repository.ts';

/** An endpoint failing this long is turned off and its owner told (decision 071). */
const DISABLE_AFTER_DAYS = 1;
/** Finished deliveries stay in the log this long. */
const KEEP_LOG_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;
/** Errors are kept short: the log shows them in a line. */
const ERROR_LENGTH = 300;

export interface WebhookWorkerSettings {
  /** How often the worker looks for due deliveries; 0 turns it off. */
  intervalMs: number;
  timeoutMs: number;
  /** How long a claim holds: longer than an attempt can take, so only a dead worker's expires. */
  leaseMs: number;
  /** The waits before each retry; after the last one fails, the delivery has failed. */
  retryDelaysMs: number[];
  /** Deliveries claimed per pass (and sent at once). */
  batch: number;
  outbound: OutboundPolicy;
}

type Outcome = Parameters<typeof repo.recordAttempt>[3];

/**
 * What an attempt came to, for the metrics: taken (2xx), failed with a retry still to come, or
 * failed for the last time.
 */
type AttemptOutcome = 'delivered' | 'failed' | 'gave_up';
type DeliveryObserver = (outcome: AttemptOutcome, seconds: number) => void;

/** Where a delivery stands after an attempt: delivered, due again after its wait, or failed. */
function outcomeOf(
  row: WebhookDeliveriesTable,
  at: Date,
  result: { ok: boolean },
  retryDelaysMs: number[],
): Outcome {
  const attempts = row.attempts + 1;
  const wait = retryDelaysMs[attempts - 1];
  const status = result.ok ? 'delivered' : wait === undefined ? 'failed' : 'pending';
  return {
    status,
    attempts,
    next_attempt_at: status === 'pending' ? new Date(at.getTime() + wait!).toISOString() : null,
    last_attempt_at: at.toISOString(),
    status_code: null,
    duration_ms: null,
    error: null,
  };
}

/** POSTs the delivery signed per Standard Webhooks; the status, time taken, or the failure. */
async function sendSigned(
  endpoint: { id: string; url: string; secret_salt: string },
  row: WebhookDeliveriesTable,
  secretKey: string,
  settings: WebhookWorkerSettings,
): Promise<Pick<Outcome, 'status_code' | 'duration_ms' | 'error'>> {
  // The signature's time is the real one: receivers refuse a timestamp far from their clock.
  const signedAt = systemClock.now();
  const signature = new Webhook(signingSecretOf(secretKey, endpoint)).sign(
    row.id,
    signedAt,
    row.payload,
  );
  const headers = {
    'webhook-id': row.id,
    'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
  try {
    const answer = await guardedPost(
      endpoint.url,
      { headers, body: row.payload, timeoutMs: settings.timeoutMs },
      settings.outbound,
    );
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    return {
      status_code: answer.statusCode,
      duration_ms: answer.durationMs,
      error: ok ? null : `The receiver answered ${answer.statusCode}`,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status_code: null, duration_ms: null, error: message.slice(0, ERROR_LENGTH) };
  }
}

/**
 * Delivers the webhook outbox (decision 071). Any number of processes may run it on one
 * database: a delivery is claimed with a lease in one statement, so one worker sends each
 * attempt; a worker that dies mid-attempt leaves a lease that runs out, and the delivery is sent
 * again under the same webhook-id, which receivers deduplicate on.
 */
export function createWebhookWorker(deps: {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  appUrl: string;
  secretKey: string;
  settings: WebhookWorkerSettings;
  /** Told of every attempt sent, with the time it took (decision 086). */
  observe?: DeliveryObserver;
}) {
  const { db, clock, settings } = deps;
  let lastPruned = 0;

  /** One failure more for the endpoint: a day of them turns it off and mails its owner. */
  async function noteFailure(endpointId: string, at: Date) {
    await repo.markFailing(db, endpointId, at.toISOString());
    const before = addDays(at, -DISABLE_AFTER_DAYS).toISOString();
    if (!(await repo.disableIfFailingSince(db, endpointId, before))) return;
    const endpoint = await repo.findEndpoint(db, endpointId);
    if (!endpoint) return;
    deps.log.warn({ endpointId }, 'webhook endpoint failing for a day: turned off');
    await deps.mailer
      .send(disabledMail(endpoint, deps.appUrl))
      .catch((error: unknown) => deps.log.error({ err: error }, 'webhook disable mail failed'));
  }

  /** One attempt at one claimed delivery. */
  async function attempt(row: WebhookDeliveriesTable & { claim: string }) {
    const endpoint = await repo.findEndpoint(db, row.endpoint_id);
    if (!endpoint) return;
    const at = clock.now();
    const started = performance.now();
    const sent = await sendSigned(endpoint, row, deps.secretKey, settings);
    const ok = sent.status_code !== null && sent.status_code >= 200 && sent.status_code < 300;
    const outcome: Outcome = { ...outcomeOf(row, at, { ok }, settings.retryDelaysMs), ...sent };
    const observed = { delivered: 'delivered', pending: 'failed', failed: 'gave_up' } as const;
    deps.observe?.(observed[outcome.status], (performance.now() - started) / 1000);
    if (!(await repo.recordAttempt(db, row.id, row.claim, outcome))) return;
    if (outcome.status === 'delivered') {
      if (endpoint.failing_since)
        await repo.updateEndpoint(db, endpoint.id, { failing_since: null });
    } else {
      await noteFailure(endpoint.id, at);
    }
  }

  /** Claims what is due and sends it; answers how many it tried. */
  async function pass(): Promise<number> {
    const now = clock.now();
    if (Date.now() - lastPruned > PRUNE_EVERY_MS) {
      lastPruned = Date.now();
      await repo.pruneDeliveriesBefore(db, addDays(now, -KEEP_LOG_DAYS).toISOString());
    }
    const claimed = await repo.claimDue(db, deps.dialect, {
      token: newId(),
      now: now.toISOString(),
      until: new Date(now.getTime() + settings.leaseMs).toISOString(),
      limit: settings.batch,
    });
    await Promise.all(
      claimed.map((row) =>
        attempt(row as WebhookDeliveriesTable & { claim: string }).catch((error: unknown) =>
          deps.log.error({ err: error, deliveryId: row.id }, 'webhook delivery failed'),
        ),
      ),
    );
    return claimed.length;
  }

  return { pass, ...repeatPasses(pass, settings, deps.log) };
}

/** Runs `pass` back to back while a whole batch was due, else after an interval's rest. */
function repeatPasses(
  pass: () => Promise<number>,
  settings: Pick<WebhookWorkerSettings, 'intervalMs' | 'batch'>,
  log: FastifyBaseLogger,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => {
          log.error({ err: error }, 'webhook worker pass failed');
          return 0;
        })
        .then((count) => schedule(count >= settings.batch ? 0 : settings.intervalMs));
    }, delayMs);
    timer.unref();
  }
  return {
    start() {
      if (settings.intervalMs <= 0 || timer) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** The mail to an owner whose endpoint was turned off. */
function disabledMail(endpoint: { url: string; email: string }, appUrl: string) {
  const text = `Every delivery to your webhook at ${endpoint.url} has failed for a day, so Hustle stopped sending to it.\n\nWhen it works again, turn it back on in your account: ${appUrl}/account\n`;
  return {
    to: endpoint.email,
    subject: 'Hustle turned off a failing webhook',
    text,
    html: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>').replace(/\n/g, '')}</p>`,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
