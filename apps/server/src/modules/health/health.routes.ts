import type { FastifyPluginAsync } from 'fastify';
import { healthApi } from '@hustle/shared/health.api';
import type { DatabaseHandle } from '../../db/database.ts';
import { createRouter } from '../../plugins/contract-routes.ts';

/** A database that does not answer this fast counts as unreachable for the load balancer. */
const PING_TIMEOUT_MS = 3_000;

export const healthRoutes: FastifyPluginAsync<{
  database: Pick<DatabaseHandle, 'ping' | 'dialect'>;
}> = async (app, opts) => {
  const route = createRouter(app);
  route(healthApi.checkHealth, async () => ({ status: 'ok' }));
  route(healthApi.checkReadiness, async (request, reply) => {
    const { dialect } = opts.database;
    try {
      await withTimeout(opts.database.ping(), PING_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database is not reachable');
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable', dialect });
    }
    return { status: 'ready', database: 'ok', dialect } as const;
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
