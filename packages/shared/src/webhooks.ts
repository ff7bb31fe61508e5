import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { isStorableText } from './text.ts';

/**
 * Signed webhooks (issue 32): an account's endpoints, told of changes to what the account sees,
 * signed per the Standard Webhooks spec.
 */
export const WEBHOOK_EVENTS = [
  'task.created',
  'task.updated',
  'task.completed',
  'task.deleted',
  'project.created',
  'project.updated',
  'project.archived',
  'project.deleted',
  'automation.run',
] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** What every endpoint's signing secret starts with (the Standard Webhooks form). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_LIMITS = {
  perAccount: 10,
  urlLength: 2000,
  /** Deliveries the log shows per endpoint, newest first. */
  logLength: 50,
  /** A payload's JSON, in bytes; larger data is cut to the entity's id. */
  payloadBytes: 16_384,
} as const;

/** Why an endpoint receives nothing: its owner turned it off, or it failed for a day. */
export const WebhookDisabledReasonSchema = z.enum(['owner', 'failing']);

/** An endpoint's address: http(s), no credentials in it, storable, at most 2,000 characters. */
export const WebhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'Give the address to send events to.')
  .max(WEBHOOK_LIMITS.urlLength, `An address has at most ${WEBHOOK_LIMITS.urlLength} characters.`)
  .refine(isStorableText, 'An address cannot hold NUL characters or unpaired surrogates.')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && url.hostname !== '';
  }, 'Give an http:// or https:// address, like https://example.com/hooks.')
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'An address cannot carry a user name or password; the signature proves the sender.');

const EventListSchema = z
  .array(WebhookEventSchema)
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENTS.length)
  .refine((events) => new Set(events).size === events.length, 'Name each event once.');

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventSchema),
  enabled: z.boolean(),
  /** Null while enabled. */
  disabledReason: WebhookDisabledReasonSchema.nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointsResponseSchema = z.object({
  webhooks: z.array(WebhookEndpointSchema),
});

export const CreateWebhookBodySchema = z
  .object({ url: WebhookUrlSchema, events: EventListSchema })
  .strict();
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;

/** The new endpoint, with its signing secret: shown this once. */
export const CreatedWebhookSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const UpdateWebhookBodySchema = z
  .object({ events: EventListSchema.optional(), enabled: z.boolean().optional() })
  .strict()
  .refine(
    (body) => body.events !== undefined || body.enabled !== undefined,
    'Say what to change: events or enabled.',
  );
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;

export const WebhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);

/** One event sent (or to be sent) to an endpoint, with its last attempt. */
export const WebhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every attempt, for the receiver to deduplicate on. */
  id: z.string(),
  eventType: WebhookEventSchema,
  createdAt: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** When the next attempt is due; null once delivered or given up. */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status of the last attempt; null if it never answered. */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed, when it did. */
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
});

export const WebhookDeliveryParamsSchema = z.object({ id: IdSchema, deliveryId: IdSchema });
