import type { FastifyInstance } from 'fastify';

/**
 * Node's `server.close()` waits for every connection, and a keep-alive connection whose answer
 * was under way when shutdown began stays open after that answer, until its keep-alive lapses
 * (72 s in Fastify). Behind a load balancer that keeps its connections (nginx's `keepalive`),
 * a SIGTERM'd server hung that long. Once closing, every answer says `Connection: close`, so
 * each connection ends with its last answer and the process exits when the work is done.
 */
export function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
