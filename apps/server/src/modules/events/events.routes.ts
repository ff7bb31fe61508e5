import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { eventsApi } from '@hustle/shared/events.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { bearerToken, type RequireSession } from '../auth/require-session.ts';
import type { DashboardService } from '../dashboard/dashboard.service.ts';
import type { StreamCaps } from './stream-caps.ts';
import type { VersionWatcher } from './version-watcher.ts';

/**
 * Live updates beyond the spec: a Server-Sent Events stream of the caller's workspace version,
 * so an open tab refreshes within a second of a change made elsewhere. EventSource cannot send
 * headers, so it authenticates with a short-lived ticket; other clients may use the bearer token.
 */
export const eventsRoutes: FastifyPluginAsync<{
  auth: AuthService;
  dashboard: DashboardService;
  watcher: VersionWatcher;
  requireSession: RequireSession;
  caps: StreamCaps;
  /** A comment line this often keeps a quiet stream within the server's idle timeout. */
  keepAliveMs: number;
}> = async (app, { auth, dashboard, watcher, requireSession, caps, keepAliveMs }) => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    // The stream ends cleanly, and its connection with it: a load balancer would otherwise
    // keep it open, and the closing server would wait for it (see close-connections.ts).
    for (const res of open) {
      res.end();
      res.socket?.end();
    }
    watcher.close();
  });

  const route = createRouter(app, { requireSession });

  route(eventsApi.createEventTicket, async (request) => auth.issueEventTicket(request.session));

  route(eventsApi.streamEvents, async (request, reply) => {
    const session = request.query.ticket
      ? await auth.authenticateEventTicket(request.query.ticket)
      : await auth.authenticate(bearerToken(request.headers.authorization), 'streamEvents');
    const { workspaceId, version } = await dashboard.getVersion(session);
    const release = caps.acquire(session.userId, request.ip);

    reply.hijack();
    const res = reply.raw;
    // Everything a stream holds is let go once, when its connection closes.
    let cleanUp = release;
    let isClosed = false;
    const close = () => {
      if (isClosed) return;
      isClosed = true;
      cleanUp();
    };
    res.on('close', close);
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const write = (next: number) =>
      res.write(`event: version\ndata: ${JSON.stringify({ workspaceId, version: next })}\n\n`);
    write(version);
    open.add(res);
    // A device signed out from the account screen, or an erased account, moves the workspace's
    // version (decision 027): each new version is sent only while the session still signs in,
    // else the stream says so and ends. Checks run one after another, so versions keep order.
    let checks = Promise.resolve();
    const send = (next: number | null) => {
      checks = checks.then(async () => {
        if (isClosed) return;
        const isLive = await auth.isSessionLive(session.sessionId).catch(() => true);
        if (isClosed) return;
        if (isLive) {
          if (next !== null) write(next);
          return;
        }
        res.write('event: signed-out\ndata: {}\n\n');
        res.end();
      });
    };
    const unsubscribe = watcher.subscribe(workspaceId, version, send);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), keepAliveMs);
    cleanUp = () => {
      clearInterval(keepAlive);
      unsubscribe();
      open.delete(res);
      release();
    };
    // A client gone before the stream was set up may have fired 'close' already.
    if (res.destroyed) close();
  });
};
