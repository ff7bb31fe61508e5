import type { FastifyPluginAsync } from 'fastify';
import { undoApi } from '@hustle/shared/undo.api';
import type { RequireSession } from '../auth/require-session.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createUndoCommands } from './undo.commands.ts';

export const undoRoutes: FastifyPluginAsync<{
  writes: WritePath;
  policy: Policy;
  requireSession: RequireSession;
}> = async (app, { writes, policy, requireSession }) => {
  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(command, undoApi, createUndoCommands({ policy }));
};
