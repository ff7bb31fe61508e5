import type { FastifyPluginAsync } from 'fastify';
import { webhooksApi } from '@hustle/shared/webhooks.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { SessionGuard } from '../../plugins/contract-routes.ts';
import type { WebhooksService } from './webhooks.service.ts';

export interface WebhooksRoutesOptions {
  webhooks: WebhooksService;
  requireSession: SessionGuard;
}

export const webhooksRoutes: FastifyPluginAsync<WebhooksRoutesOptions> = async (app, opts) => {
  const { webhooks, requireSession } = opts;
  const route = createRouter(app, { requireSession });

  route(webhooksApi.listWebhooks, async (request) => ({
    webhooks: await webhooks.list(request.session.userId),
  }));

  route(webhooksApi.createWebhook, async (request, reply) => {
    const created = await webhooks.create(request.session.userId, request.body);
    return reply.code(201).send(created);
  });

  route(webhooksApi.updateWebhook, async (request) =>
    webhooks.update(request.session.userId, request.params.id, request.body),
  );

  route(webhooksApi.deleteWebhook, async (request, reply) => {
    await webhooks.remove(request.session.userId, request.params.id);
    return reply.code(204).send(null);
  });

  route(webhooksApi.listWebhookDeliveries, async (request) => ({
    deliveries: await webhooks.deliveries(request.session.userId, request.params.id),
  }));

  route(webhooksApi.redeliverWebhook, async (request) =>
    webhooks.redeliver(request.session.userId, request.params.id, request.params.deliveryId),
  );
};
