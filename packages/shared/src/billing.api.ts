import { z } from 'zod';
import { SecretTokenSchema } from './ids.ts';
import { defineEndpoints, HtmlPageSchema, redirectTo } from './endpoint.ts';
import { PlanResponseSchema, PurchaseBodySchema, PurchaseResponseSchema } from './plans.ts';

const tags = ['billing'];
const CheckoutParamsSchema = z.object({ id: SecretTokenSchema });

const SandboxCheckoutBodySchema = z.object({ outcome: z.enum(['pay', 'cancel']) }).strict();
const SandboxPortalBodySchema = z
  .object({ action: z.enum(['cancel', 'resume', 'switch']) })
  .strict();
const WebhookReceiptSchema = z.object({ received: z.literal(true), applied: z.boolean() });

/** spec §7 plan and purchase calls, the local sandbox checkout and Stripe's webhook. */
export const billingApi = defineEndpoints({
  getPlan: {
    method: 'GET',
    path: '/api/v1/user/plan',
    summary: "The user's plan",
    tags,
    auth: 'session',
    responses: { 200: PlanResponseSchema },
  },
  purchasePlan: {
    method: 'POST',
    path: '/api/v1/user/plan/purchase',
    summary: 'Start a hosted checkout for Premium',
    description: 'Stripe Checkout when configured, otherwise the local sandbox checkout.',
    tags,
    auth: 'session',
    body: PurchaseBodySchema,
    responses: { 200: PurchaseResponseSchema },
  },
  openBillingPortal: {
    method: 'POST',
    path: '/api/v1/user/plan/portal',
    summary: "Open the payment provider's customer portal",
    description:
      "Stripe's Customer Portal (cancel, switch period, card, invoices) when configured, otherwise the local sandbox portal. 409 when nothing was bought yet.",
    tags,
    auth: 'session',
    responses: { 200: PurchaseResponseSchema },
    errors: ['CONFLICT'],
  },
  showSandboxPortal: {
    method: 'GET',
    path: '/billing/sandbox-portal/:id',
    summary: 'Sandbox customer portal page',
    tags,
    auth: 'none',
    params: CheckoutParamsSchema,
    responses: {
      200: HtmlPageSchema,
      404: HtmlPageSchema.meta({ description: 'A page saying the portal session is over' }),
    },
    produces: ['text/html'],
  },
  changeSandboxSubscription: {
    method: 'POST',
    path: '/billing/sandbox-portal/:id',
    summary: 'Cancel, resume or switch the period in the sandbox portal',
    tags,
    auth: 'none',
    params: CheckoutParamsSchema,
    body: SandboxPortalBodySchema,
    responses: { 303: redirectTo('the sandbox portal page') },
    errors: ['NOT_FOUND', 'CONFLICT'],
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
  },
  showSandboxCheckout: {
    method: 'GET',
    path: '/billing/sandbox-checkout/:id',
    summary: 'Sandbox checkout page',
    tags,
    auth: 'none',
    params: CheckoutParamsSchema,
    responses: {
      200: HtmlPageSchema,
      404: HtmlPageSchema.meta({ description: 'A page saying the checkout is over or unknown' }),
    },
    produces: ['text/html'],
  },
  finishSandboxCheckout: {
    method: 'POST',
    path: '/billing/sandbox-checkout/:id',
    summary: 'Pay or cancel a sandbox checkout',
    tags,
    auth: 'none',
    params: CheckoutParamsSchema,
    body: SandboxCheckoutBodySchema,
    responses: { 303: redirectTo('the subscription screen') },
    errors: ['NOT_FOUND'],
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
  },
  // The signature covers the exact bytes, so the body stays raw (no schema).
  receiveStripeWebhook: {
    method: 'POST',
    path: '/api/v1/billing/webhook',
    summary: 'Stripe webhook (signed)',
    tags,
    auth: 'none',
    responses: { 200: WebhookReceiptSchema },
    errors: ['NOT_FOUND', 'BAD_REQUEST'],
    consumes: ['application/json'],
  },
});
