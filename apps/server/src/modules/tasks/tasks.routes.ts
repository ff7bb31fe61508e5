import type { FastifyPluginAsync } from 'fastify';
import { taskDetailsApi } from '@hustle/shared/task-details.api';
import { taskMovesApi } from '@hustle/shared/task-moves.api';
import { tasksApi } from '@hustle/shared/tasks.api';
import type { Db } from '../../db/database.ts';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createTaskDetailsCommands } from './task-details.commands.ts';
import { readTaskActivity, readTaskDetails, type ReadTimeEntries } from './task-details.service.ts';
import { createTaskMoveCommands } from './task-moves.commands.ts';
import { createTaskCommands } from './tasks.commands.ts';

export const tasksRoutes: FastifyPluginAsync<{
  db: Db;
  writes: WritePath;
  policy: Policy;
  requireSession: RequireSession;
  readTimeEntries: ReadTimeEntries;
}> = async (app, { db, writes, policy, requireSession, readTimeEntries }) => {
  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(command, tasksApi, createTaskCommands({ policy }));
  registerCommands(command, taskDetailsApi, createTaskDetailsCommands({ policy }));
  registerCommands(command, taskMovesApi, createTaskMoveCommands({ policy }));

  const route = createRouter(app, { requireSession });
  route(taskDetailsApi.getTaskDetails, async (request) =>
    readTaskDetails(db, readTimeEntries, request.session.workspaceId, request.params.id),
  );
  route(taskDetailsApi.getTaskActivity, async (request) =>
    readTaskActivity(db, request.session, request.params.id),
  );
};
