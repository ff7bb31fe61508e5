import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/** The Prometheus text exposition format, version 0.0.4. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * Decision 054: the server's figures for Prometheus. Not a user's endpoint: it answers only the
 * bearer secret METRICS_TOKEN, and does not exist (404) while that setting is empty.
 */
export const metricsApi = defineEndpoints({
  scrapeMetrics: {
    method: 'GET',
    path: '/metrics',
    summary: 'Figures of this server process for Prometheus',
    description:
      'Requests by route and status with their durations, database transactions and pool, open ' +
      'live-update streams, the automation scheduler, Idempotency-Key replays and the process. ' +
      'Send `Authorization: Bearer <METRICS_TOKEN>`; 404 while METRICS_TOKEN is not set.',
    tags: ['health'],
    auth: 'none',
    responses: { 200: z.string() },
    produces: [METRICS_CONTENT_TYPE],
    errors: ['UNAUTHORIZED', 'NOT_FOUND'],
  },
});
