import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PlanResponseSchema,
  PurchaseBodySchema,
  PurchaseResponseSchema,
} from '@hustle/shared/plans';
import type { RequireSession } from '../auth/require-session.ts';
import type { BillingService } from './billing.service.ts';
import type { PlanService } from './plan.service.ts';
import { sandboxCheckoutGonePage, sandboxCheckoutPage } from './sandbox-checkout-page.ts';

const tags = ['billing'];
const CheckoutParams = z.object({ id: z.string().min(1).max(100) });

export const billingRoutes: FastifyPluginAsyncZod<{
  plans: PlanService;
  billing: BillingService;
  requireSession: RequireSession;
}> = async (app, { plans, billing, requireSession }) => {
  app.get(
    '/api/v1/user/plan',
    {
      onRequest: requireSession,
      schema: { tags, summary: "The user's plan", response: { 200: PlanResponseSchema } },
    },
    async (request) => plans.planOfUser(request.session.userId),
  );

  app.post(
    '/api/v1/user/plan/purchase',
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary: 'Start a hosted checkout for Premium',
        description: 'Stripe Checkout when configured, otherwise the local sandbox checkout.',
        body: PurchaseBodySchema,
        response: { 200: PurchaseResponseSchema },
      },
    },
    async (request) => billing.purchase(request.session, request.body.period),
  );

  app.get(
    '/billing/sandbox-checkout/:id',
    { schema: { tags, summary: 'Sandbox checkout page', params: CheckoutParams } },
    async (request, reply) => {
      const checkout = await billing.sandboxCheckout(request.params.id);
      const nonce = reply.cspNonce.style;
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      return checkout
        ? sandboxCheckoutPage({ ...checkout, nonce })
        : reply.code(404).send(sandboxCheckoutGonePage(nonce));
    },
  );

  app.post(
    '/billing/sandbox-checkout/:id',
    {
      schema: {
        tags,
        summary: 'Pay or cancel a sandbox checkout',
        params: CheckoutParams,
        body: z.object({ outcome: z.enum(['pay', 'cancel']) }),
        response: { 303: z.null() },
      },
    },
    async (request, reply) =>
      reply.redirect(
        await billing.finishSandboxCheckout(request.params.id, request.body.outcome),
        303,
      ),
  );

  // The signature covers the exact bytes, so this route keeps its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/api/v1/billing/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook (signed)',
          response: { 200: z.object({ received: z.literal(true), applied: z.boolean() }) },
        },
      },
      async (request) =>
        billing.handleWebhook(
          request.body as Buffer,
          request.headers['stripe-signature'] as string | undefined,
        ),
    );
  });
};
