import type { FastifyPluginAsync } from 'fastify';
import { workspaceApi } from '@hustle/shared/workspace.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { DashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsync<{
  dashboard: DashboardService;
  requireSession: RequireSession;
}> = async (app, { dashboard, requireSession }) => {
  const route = createRouter(app, { requireSession });

  // Issue 12: a workspace read whose version the client already holds answers 304 without
  // being rebuilt. `no-cache` makes the browser revalidate with If-None-Match every time.
  const { getWorkspace } = workspaceApi;
  const workspaceReads = new Set([getWorkspace.path, ...getWorkspace.aliases]);
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !workspaceReads.has(request.routeOptions.url ?? '')) return;
    const { id } = request.params as { id: string };
    const tag = await dashboard.workspaceTag(request.session, id);
    reply
      .header('etag', tag)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Authorization');
    if (request.headers['if-none-match'] === tag) return reply.code(304).send();
  });

  route(getWorkspace, async (request) =>
    dashboard.getWorkspace(request.session, request.params.id),
  );

  route(workspaceApi.getWorkspacePage, async (request) =>
    dashboard.getPage(request.session, request.params.id, request.params.list, request.query.after),
  );

  route(workspaceApi.getWorkspaceVersion, async (request) => dashboard.getVersion(request.session));
};
