import type { FastifyPluginAsync } from 'fastify';
import { tasksApi } from '@hustle/shared/tasks.api';
import type { RequireSession } from '../auth/require-session.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createTaskCommands } from './tasks.commands.ts';

export const tasksRoutes: FastifyPluginAsync<{
  writes: WritePath;
  policy: Policy;
  requireSession: RequireSession;
}> = async (app, { writes, policy, requireSession }) => {
  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(command, tasksApi, createTaskCommands({ policy }));
};
