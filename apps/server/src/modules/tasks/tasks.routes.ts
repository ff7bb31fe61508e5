import type { FastifyPluginAsync } from 'fastify';
import { tasksApi } from '@hustle/shared/tasks.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { TasksService } from './tasks.service.ts';

export const tasksRoutes: FastifyPluginAsync<{
  tasks: TasksService;
  requireSession: RequireSession;
}> = async (app, { tasks, requireSession }) => {
  const route = createRouter(app, { requireSession });

  route(tasksApi.createTask, async (request) => tasks.create(request.session, request.body));

  route(tasksApi.renameTask, async (request) =>
    tasks.rename(request.session, request.params.id, request.body),
  );

  route(tasksApi.deleteTask, async (request) =>
    tasks.remove(request.session, request.params.id, request.body),
  );

  route(tasksApi.taskAction, async (request) =>
    tasks.act(request.session, request.params.id, request.params.action, request.body),
  );

  route(tasksApi.putTaskToFront, async (request) =>
    tasks.putToFront(request.session, request.params.id, request.body.workspaceId),
  );

  route(tasksApi.reorderPlannedTask, async (request) =>
    tasks.reorder(
      request.session,
      request.params.id,
      request.body.workspaceId,
      request.body.afterTaskId,
    ),
  );

  route(tasksApi.hideCompletedTasks, async (request) =>
    tasks.hideCompleted(request.session, request.body?.workspaceId),
  );

  route(tasksApi.idleAllPlannedTasks, async (request) =>
    tasks.idleAllPlanned(request.session, request.body?.workspaceId),
  );
};
