import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void> }> = async (
  app,
  opts,
) => {
  const Status = z.object({ status: z.string() });
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'The database answers', response: { 200: Status } } },
    async () => {
      try {
        await opts.ping();
      } catch {
        throw new AppError(503, 'INTERNAL', 'The database is not reachable.');
      }
      return { status: 'ready' };
    },
  );
};
