import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service.ts';
import { bearerToken, type RequireSession } from '../auth/require-session.ts';
import type { DashboardService } from '../dashboard/dashboard.service.ts';
import type { VersionWatcher } from './version-watcher.ts';

const KEEP_ALIVE_MS = 25_000;
const tags = ['events'];

/**
 * Live updates beyond the spec: a Server-Sent Events stream of the caller's workspace version,
 * so an open tab refreshes within a second of a change made elsewhere. EventSource cannot send
 * headers, so it authenticates with a short-lived ticket; other clients may use the bearer token.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  dashboard: DashboardService;
  watcher: VersionWatcher;
  requireSession: RequireSession;
}> = async (app, { auth, dashboard, watcher, requireSession }) => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    watcher.close();
  });

  app.post(
    '/api/v1/events/ticket',
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary: 'A ticket for opening the event stream (valid 60 s)',
        response: { 200: z.object({ ticket: z.string(), expiresAt: z.string() }) },
      },
    },
    async (request) => auth.issueEventTicket(request.session),
  );

  app.get(
    '/api/v1/events',
    {
      schema: {
        tags,
        summary: 'Server-Sent Events: `version` whenever the workspace changes',
        querystring: z.object({ ticket: z.string().max(300).optional() }),
      },
    },
    async (request, reply) => {
      const session = request.query.ticket
        ? await auth.authenticateEventTicket(request.query.ticket)
        : await auth.authenticate(bearerToken(request.headers.authorization));
      const { workspaceId, version } = await dashboard.getVersion(session);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (next: number) =>
        res.write(`event: version\ndata: ${JSON.stringify({ workspaceId, version: next })}\n\n`);
      send(version);
      open.add(res);
      const unsubscribe = watcher.subscribe(workspaceId, version, send);
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      request.raw.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
        open.delete(res);
      });
    },
  );
};
