import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateTaskBodySchema,
  CreateTaskResponseSchema,
  OkResponseSchema,
  PutToFrontBodySchema,
  RenameTaskBodySchema,
  ReorderBodySchema,
  TASK_ACTIONS,
  TaskCommandBodySchema,
  WorkspaceCommandBodySchema,
} from '@hustle/shared/tasks';
import type { RequireSession } from '../auth/require-session.ts';
import type { TasksService } from './tasks.service.ts';

const tags = ['tasks'];
const Params = z.object({ id: z.string().min(1).max(64) });
const ActionParams = Params.extend({ action: z.enum(TASK_ACTIONS) });
const ok = { 200: OkResponseSchema };

export const tasksRoutes: FastifyPluginAsyncZod<{
  tasks: TasksService;
  requireSession: RequireSession;
}> = async (app, { tasks, requireSession }) => {
  app.addHook('onRequest', requireSession);

  app.post(
    '/api/v1/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task in the inbox or a project',
        body: CreateTaskBodySchema,
        response: { 200: CreateTaskResponseSchema },
      },
    },
    async (request) => tasks.create(request.session, request.body),
  );

  app.put(
    '/api/v1/tasks/:id/rename',
    {
      schema: {
        tags,
        summary: 'Rename a task',
        params: Params,
        body: RenameTaskBodySchema,
        response: ok,
      },
    },
    async (request) => tasks.rename(request.session, request.params.id, request.body),
  );

  app.post(
    '/api/v1/tasks/:id/delete',
    {
      schema: {
        tags,
        summary: 'Delete a task',
        params: Params,
        body: TaskCommandBodySchema,
        response: ok,
      },
    },
    async (request) => tasks.remove(request.session, request.params.id, request.body),
  );

  // spec §7 names both paths for the same actions.
  for (const url of ['/api/v1/tasks/:id/:action', '/api/v1/workspace/tasks/:id/:action']) {
    app.put(
      url,
      {
        schema: {
          tags,
          summary: 'plan / idle / complete / revert a task',
          params: ActionParams,
          body: TaskCommandBodySchema,
          response: ok,
        },
      },
      async (request) =>
        tasks.act(request.session, request.params.id, request.params.action, request.body),
    );
  }

  app.put(
    '/api/v1/workspace/tasks/:id/put-to-front',
    {
      schema: {
        tags,
        summary: 'Move a planned task to the top',
        params: Params,
        body: PutToFrontBodySchema,
        response: ok,
      },
    },
    async (request) =>
      tasks.putToFront(request.session, request.params.id, request.body.workspaceId),
  );

  app.put(
    '/api/v1/workspace/tasks/:id/reorder',
    {
      schema: {
        tags,
        summary: 'Move a planned task after another',
        params: Params,
        body: ReorderBodySchema,
        response: ok,
      },
    },
    async (request) =>
      tasks.reorder(
        request.session,
        request.params.id,
        request.body.workspaceId,
        request.body.afterTaskId,
      ),
  );

  app.post(
    '/api/v1/workspace/hide-completed',
    {
      schema: {
        tags,
        summary: 'Hide completed tasks from Execute',
        body: WorkspaceCommandBodySchema.nullish(),
        response: ok,
      },
    },
    async (request) => tasks.hideCompleted(request.session),
  );

  app.post(
    '/api/v1/workspace/idle-all-planned',
    {
      schema: {
        tags,
        summary: 'Move all planned tasks back to planning',
        body: WorkspaceCommandBodySchema.nullish(),
        response: ok,
      },
    },
    async (request) => tasks.idleAllPlanned(request.session),
  );
};
