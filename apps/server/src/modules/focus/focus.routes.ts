import type { FastifyPluginAsync } from 'fastify';
import { focusApi } from '@hustle/shared/focus.api';
import type { RequireSession } from '../auth/require-session.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createFocusCommands } from './focus.commands.ts';

/** Focus and time entries (issue 30): commands only; the timer rides on the workspace's reads. */
export const focusRoutes: FastifyPluginAsync<{
  writes: WritePath;
  policy: Policy;
  requireSession: RequireSession;
}> = async (app, { writes, policy, requireSession }) => {
  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(command, focusApi, createFocusCommands({ policy }));
};
