import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WorkspaceResponseSchema, WorkspaceVersionSchema } from '@hustle/shared/workspace';
import type { RequireSession } from '../auth/require-session.ts';
import type { DashboardService } from './dashboard.service.ts';

const tags = ['workspaces'];
const Params = z.object({ id: z.string().min(1).max(64) });

export const dashboardRoutes: FastifyPluginAsyncZod<{
  dashboard: DashboardService;
  requireSession: RequireSession;
}> = async (app, { dashboard, requireSession }) => {
  app.addHook('onRequest', requireSession);

  // spec §7 names this path without /api/v1; ARCHITECTURE §4 serves it under both.
  for (const url of ['/workspaces/:id', '/api/v1/workspaces/:id']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'The workspace: projects, inbox, planned list, access',
          params: Params,
          response: { 200: WorkspaceResponseSchema },
        },
      },
      async (request) => dashboard.getWorkspace(request.session, request.params.id),
    );
  }

  app.get(
    '/api/v1/dashboard/version',
    {
      schema: {
        tags,
        summary: "The caller's workspace version (changes with every visible change)",
        response: { 200: WorkspaceVersionSchema },
      },
    },
    async (request) => dashboard.getVersion(request.session),
  );
};
