import type { FastifyPluginAsync } from 'fastify';
import { feedsApi } from '@hustle/shared/feeds.api';
import { createRouter, type SessionGuard } from '../../plugins/contract-routes.ts';
import type { FeedsService } from './feeds.service.ts';

export interface FeedsRoutesOptions {
  feeds: FeedsService;
  requireSession: SessionGuard;
}

export const feedsRoutes: FastifyPluginAsync<FeedsRoutesOptions> = async (app, opts) => {
  const { feeds, requireSession } = opts;
  const route = createRouter(app, { requireSession });

  route(feedsApi.listCalendarFeeds, async (request) => ({
    feeds: await feeds.list(request.session),
  }));

  route(feedsApi.openCalendarFeed, async (request) =>
    feeds.open(request.session, request.body.projectId),
  );

  route(feedsApi.regenerateCalendarFeed, async (request) =>
    feeds.regenerate(request.session, request.body.projectId),
  );

  route(feedsApi.getCalendarFeed, async (request, reply) => {
    const document = await feeds.read(request.params.file);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .send(document);
  });
};
