import type { FastifyPluginAsync } from 'fastify';
import { billingApi } from '@hustle/shared/billing.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import { SERVER_PAGE_STYLE_SOURCE } from '../../lib/server-page.ts';
import { allowInlineStyles } from '../../plugins/security.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { BillingService } from './billing.service.ts';
import type { PlanService } from './plan.service.ts';
import { sandboxCheckoutGonePage, sandboxCheckoutPage } from './sandbox-checkout-page.ts';
import { sandboxPortalGonePage, sandboxPortalPage } from './sandbox-portal-page.ts';

export const billingRoutes: FastifyPluginAsync<{
  plans: PlanService;
  billing: BillingService;
  requireSession: RequireSession;
  /** Off, the sandbox pages do not exist: a leftover checkout id cannot grant Premium. */
  sandboxCheckout: boolean;
}> = async (app, { plans, billing, requireSession, sandboxCheckout }) => {
  const route = createRouter(app, { requireSession });

  route(billingApi.getPlan, async (request) => plans.planOfUser(request.session.userId));

  route(billingApi.purchasePlan, async (request) =>
    billing.purchase(request.session, request.body.period),
  );

  route(billingApi.openBillingPortal, async (request) => billing.openPortal(request.session));

  if (sandboxCheckout) {
    route(billingApi.showSandboxPortal, async (request, reply) => {
      const portal = await billing.sandboxPortal(request.params.id);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      allowInlineStyles(reply, [SERVER_PAGE_STYLE_SOURCE]);
      return portal ? sandboxPortalPage(portal) : reply.code(404).send(sandboxPortalGonePage());
    });

    route(billingApi.changeSandboxSubscription, async (request, reply) =>
      reply.redirect(
        await billing.changeSandboxSubscription(request.params.id, request.body.action),
        303,
      ),
    );

    route(billingApi.showSandboxCheckout, async (request, reply) => {
      const checkout = await billing.sandboxCheckout(request.params.id);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      allowInlineStyles(reply, [SERVER_PAGE_STYLE_SOURCE]);
      return checkout
        ? sandboxCheckoutPage(checkout)
        : reply.code(404).send(sandboxCheckoutGonePage());
    });

    route(billingApi.finishSandboxCheckout, async (request, reply) =>
      reply.redirect(
        await billing.finishSandboxCheckout(request.params.id, request.body.outcome),
        303,
      ),
    );
  }

  // The signature covers the exact bytes, so this route keeps its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    createRouter(webhook)(billingApi.receiveStripeWebhook, async (request) =>
      billing.handleWebhook(
        request.body as Buffer,
        request.headers['stripe-signature'] as string | undefined,
      ),
    );
  });
};
