import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { metricsApi } from '@hustle/shared/metrics.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { carriesToken, type Metrics } from './metrics.service.ts';

/**
 * `/metrics` (decision 054): without METRICS_TOKEN it is not there at all, so a public instance
 * shows nothing; with it, only the bearer of the token is answered. Prometheus scrapes every
 * server process directly, since each keeps its own figures.
 */
export const metricsRoutes: FastifyPluginAsync<{
  metrics: Metrics;
  token: string | undefined;
}> = async (app, { metrics, token }) => {
  const route = createRouter(app);
  route(metricsApi.scrapeMetrics, async (request, reply) => {
    if (!token) throw notFound();
    if (!carriesToken(request.headers.authorization, token)) {
      throw unauthorized('Send the metrics token as a bearer token.');
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.render());
  });
};

/**
 * Times every answer by its route pattern, not its URL, so ids never become label values; a
 * request no route took is `unmatched`. Event streams are left out: their "answer" lasts as long
 * as the tab stays open, and `hustle_live_streams_open` counts them instead.
 */
export function timeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const type = reply.raw.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/event-stream')) return;
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}
