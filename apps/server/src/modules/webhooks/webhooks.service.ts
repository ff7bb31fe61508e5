import crypto from 'node:crypto';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_SECRET_PREFIX,
  type CreatedWebhook,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@hustle/shared/webhooks';
import type { Db, DialectName } from '../../db/database.ts';
import { lockUser } from '../../db/lock-user.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { checkDestination, OutboundRefused, type OutboundPolicy } from '../../lib/outbound.ts';
import { newSecretToken } from '../../lib/tokens.ts';
import * as repo from './webhooks.repository.ts';

const eventsOf = (stored: string): WebhookEvent[] =>
  WEBHOOK_EVENTS.filter((event) => stored.split(' ').includes(event));

const toEndpoint = (row: WebhookEndpointsTable): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row.events),
  enabled: row.enabled === 1,
  disabledReason: row.enabled === 1 ? null : row.disabled_reason,
  createdAt: row.created_at,
});

export const toDelivery = (row: WebhookDeliveriesTable): WebhookDelivery => ({
  id: row.id,
  eventType: row.event_type as WebhookEvent,
  createdAt: row.created_at,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
  lastAttemptAt: row.last_attempt_at,
  statusCode: row.status_code,
  durationMs: row.duration_ms,
  error: row.error,
});

/**
 * An endpoint's signing secret, `whsec_` and 32 bytes in base64 (the Standard Webhooks form),
 * derived from the server's key and the endpoint's salt: nothing stored signs on its own.
 */
export function signingSecretOf(secretKey: string, endpoint: { id: string; secret_salt: string }) {
  const key = crypto
    .createHmac('sha256', secretKey)
    .update(`webhook:${endpoint.id}:${endpoint.secret_salt}`)
    .digest('base64');
  return `${WEBHOOK_SECRET_PREFIX}${key}`;
}

/** Refuses an address that is not public, in the contract's words. */
async function checkUrl(url: string, policy: OutboundPolicy): Promise<void> {
  try {
    await checkDestination(new URL(url), policy);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    throw new AppError(
      'WEBHOOK_ADDRESS_REFUSED',
      `Hustle sends webhooks to public addresses only: ${error.message}.`,
    );
  }
}

/** Signed webhooks (issue 32, decision 071): an account's endpoints and their delivery logs. */
export function createWebhooksService(deps: {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  secretKey: string;
  outbound: OutboundPolicy;
}) {
  const { db, clock } = deps;

  async function ownEndpoint(userId: string, endpointId: string) {
    const row = await repo.findEndpointOf(db, userId, endpointId);
    if (!row) throw notFound('Webhook');
    return row;
  }

  return {
    async list(userId: string): Promise<WebhookEndpoint[]> {
      return (await repo.listEndpointsOf(db, userId)).map(toEndpoint);
    },

    async create(userId: string, body: CreateWebhookBody): Promise<CreatedWebhook> {
      await checkUrl(body.url, deps.outbound);
      const row: WebhookEndpointsTable = {
        id: newId(),
        user_id: userId,
        url: body.url,
        events: WEBHOOK_EVENTS.filter((event) => body.events.includes(event)).join(' '),
        secret_salt: newSecretToken(16),
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: clock.now().toISOString(),
      };
      // Counted and written in one transaction, so two at once cannot pass the limit together.
      await db.transaction().execute(async (trx) => {
        await lockUser(trx, deps.dialect, userId);
        if ((await repo.countEndpointsOf(trx, userId)) >= WEBHOOK_LIMITS.perAccount) {
          throw new AppError(
            'WEBHOOK_LIMIT_REACHED',
            `An account holds at most ${WEBHOOK_LIMITS.perAccount} webhooks. Delete one you no longer use.`,
          );
        }
        await repo.insertEndpoint(trx, row);
      });
      return { ...toEndpoint(row), secret: signingSecretOf(deps.secretKey, row) };
    },

    async update(userId: string, endpointId: string, body: UpdateWebhookBody) {
      const row = await ownEndpoint(userId, endpointId);
      const changes: Parameters<typeof repo.updateEndpoint>[2] = {};
      if (body.events) {
        changes.events = WEBHOOK_EVENTS.filter((event) => body.events!.includes(event)).join(' ');
      }
      if (body.enabled === true && row.enabled !== 1) {
        // The address is judged again: what it resolves to may have changed meanwhile.
        await checkUrl(row.url, deps.outbound);
        Object.assign(changes, { enabled: 1, disabled_reason: null, failing_since: null });
      }
      if (body.enabled === false && row.enabled === 1) {
        Object.assign(changes, { enabled: 0, disabled_reason: 'owner' });
      }
      if (Object.keys(changes).length > 0) await repo.updateEndpoint(db, row.id, changes);
      return toEndpoint({ ...row, ...changes });
    },

    async remove(userId: string, endpointId: string): Promise<void> {
      if (!(await repo.deleteEndpointOf(db, userId, endpointId))) throw notFound('Webhook');
    },

    async deliveries(userId: string, endpointId: string): Promise<WebhookDelivery[]> {
      const row = await ownEndpoint(userId, endpointId);
      return (await repo.deliveriesOf(db, row.id, WEBHOOK_LIMITS.logLength)).map(toDelivery);
    },

    /** Sends a delivery again as soon as the worker looks, under the same webhook-id. */
    async redeliver(userId: string, endpointId: string, deliveryId: string) {
      const row = await ownEndpoint(userId, endpointId);
      const delivery = await repo.findDelivery(db, row.id, deliveryId);
      if (!delivery) throw notFound('Delivery');
      const now = clock.now().toISOString();
      await repo.redeliver(db, delivery.id, now);
      return toDelivery({ ...delivery, status: 'pending', next_attempt_at: now, attempts: 0 });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
