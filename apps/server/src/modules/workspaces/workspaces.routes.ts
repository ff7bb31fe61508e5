import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ArchivedProjectSchema, MoveProjectBodySchema } from '@hustle/shared/projects';
import { OkResponseSchema } from '@hustle/shared/tasks';
import { WorkspaceResponseSchema, WorkspaceVersionSchema } from '@hustle/shared/workspace';
import type { RequireSession } from '../auth/require-session.ts';
import type { WorkspacesService } from './workspaces.service.ts';

const tags = ['workspaces'];
const Params = z.object({ id: z.string().min(1).max(64) });

export const workspacesRoutes: FastifyPluginAsyncZod<{
  workspaces: WorkspacesService;
  requireSession: RequireSession;
}> = async (app, { workspaces, requireSession }) => {
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
      async (request) => workspaces.getWorkspace(request.session, request.params.id),
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
    async (request) => workspaces.getVersion(request.session),
  );

  app.get(
    '/api/v1/workspaces/:id/archived-projects',
    {
      schema: {
        tags,
        summary: 'Archived projects (needs the archives access)',
        params: Params,
        response: { 200: z.array(ArchivedProjectSchema) },
      },
    },
    async (request) => workspaces.listArchived(request.session, request.params.id),
  );

  app.put(
    '/api/v1/workspaces/:id/move-project',
    {
      schema: {
        tags,
        summary: 'Move a project to a new index in this workspace',
        params: Params,
        body: MoveProjectBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) =>
      workspaces.moveProject(
        request.session,
        request.params.id,
        request.body.projectId,
        request.body.index,
      ),
  );
};
