import { z } from 'zod';
import { defineEndpoints, IdParamsSchema, NoContentSchema } from './endpoint.ts';
import {
  CreatedWebhookSchema,
  CreateWebhookBodySchema,
  UpdateWebhookBodySchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointsResponseSchema,
} from './webhooks.ts';

const tags = ['webhooks'];

/** Signed webhooks (issue 32): managed by a signed-in session only, never by a token. */
export const webhooksApi = defineEndpoints({
  listWebhooks: {
    method: 'GET',
    path: '/api/v1/webhooks',
    summary: "The account's webhook endpoints, oldest first (never their secrets)",
    tags,
    auth: 'session',
    responses: { 200: WebhookEndpointsResponseSchema },
  },
  createWebhook: {
    method: 'POST',
    path: '/api/v1/webhooks',
    summary: 'Add a webhook endpoint; its signing secret is in this answer only',
    description:
      'The address must reach a public host: private, loopback, link-local, unique-local and metadata addresses are refused (each address the host resolves to is checked).',
    tags,
    auth: 'session',
    body: CreateWebhookBodySchema,
    responses: { 201: CreatedWebhookSchema },
    errors: ['WEBHOOK_LIMIT_REACHED', 'WEBHOOK_ADDRESS_REFUSED'],
  },
  updateWebhook: {
    method: 'POST',
    path: '/api/v1/webhooks/:id',
    summary: 'Choose its events, or turn it off or on again',
    tags,
    auth: 'session',
    params: IdParamsSchema,
    body: UpdateWebhookBodySchema,
    responses: { 200: WebhookEndpointSchema },
    errors: ['NOT_FOUND', 'WEBHOOK_ADDRESS_REFUSED'],
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/v1/webhooks/:id',
    summary: 'Delete a webhook endpoint and its delivery log',
    tags,
    auth: 'session',
    params: IdParamsSchema,
    responses: { 204: NoContentSchema },
    errors: ['NOT_FOUND'],
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/api/v1/webhooks/:id/deliveries',
    summary: "The endpoint's latest deliveries, newest first, with each one's last attempt",
    tags,
    auth: 'session',
    params: IdParamsSchema,
    responses: { 200: WebhookDeliveriesResponseSchema },
    errors: ['NOT_FOUND'],
  },
  redeliverWebhook: {
    method: 'POST',
    path: '/api/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    summary: 'Send a delivery again now, with the same webhook-id',
    tags,
    auth: 'session',
    params: WebhookDeliveryParamsSchema,
    body: z.object({}).strict().nullish(),
    responses: { 200: WebhookDeliverySchema },
    errors: ['NOT_FOUND'],
  },
});
