import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ArchivedProjectSchema,
  CreateProjectBodySchema,
  MoveProjectBodySchema,
  CreateProjectResponseSchema,
  ProjectCommandBodySchema,
  ProjectSchema,
  ProjectTasksResponseSchema,
  RenameProjectBodySchema,
  SetColorBodySchema,
} from '@hustle/shared/projects';
import { OkResponseSchema } from '@hustle/shared/tasks';
import type { RequireSession } from '../auth/require-session.ts';
import type { ProjectsService } from './projects.service.ts';

const tags = ['projects'];
const Params = z.object({ id: z.string().min(1).max(64) });
const OptionalCommand = ProjectCommandBodySchema.nullish();

export const projectsRoutes: FastifyPluginAsyncZod<{
  projects: ProjectsService;
  requireSession: RequireSession;
}> = async (app, { projects, requireSession }) => {
  app.addHook('onRequest', requireSession);

  app.post(
    '/api/v1/projects',
    {
      schema: {
        tags,
        summary: 'Create a project (first or last)',
        body: CreateProjectBodySchema,
        response: { 200: CreateProjectResponseSchema },
      },
    },
    async (request) => projects.create(request.session, request.body),
  );

  app.put(
    '/api/v1/projects/:id/rename',
    {
      schema: {
        tags,
        summary: 'Rename (owner only)',
        params: Params,
        body: RenameProjectBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => projects.rename(request.session, request.params.id, request.body),
  );

  app.put(
    '/api/v1/projects/:id/color',
    {
      schema: {
        tags,
        summary: 'Recolour (owner only)',
        params: Params,
        body: SetColorBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => projects.setColor(request.session, request.params.id, request.body),
  );

  app.post(
    '/api/v1/projects/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive (owner only)',
        params: Params,
        body: OptionalCommand,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) =>
      projects.archive(request.session, request.params.id, request.body?.workspaceId),
  );

  app.post(
    '/api/v1/projects/:id/unarchive',
    {
      schema: {
        tags,
        summary: 'Bring back (owner only); open tasks become IDLE',
        params: Params,
        body: OptionalCommand,
        response: { 200: ProjectSchema },
      },
    },
    async (request) =>
      projects.unarchive(request.session, request.params.id, request.body?.workspaceId),
  );

  app.delete(
    '/api/v1/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete (owner only)',
        params: Params,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => projects.remove(request.session, request.params.id),
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
    async (request) => projects.listArchived(request.session, request.params.id),
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
      projects.moveProject(
        request.session,
        request.params.id,
        request.body.projectId,
        request.body.index,
      ),
  );

  app.get(
    '/api/v1/projects/:id/tasks',
    {
      schema: {
        tags,
        summary: 'All open tasks of a project',
        params: Params,
        response: { 200: ProjectTasksResponseSchema },
      },
    },
    async (request) => projects.tasksOf(request.session, request.params.id),
  );
};
