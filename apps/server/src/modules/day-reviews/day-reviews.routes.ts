import type { FastifyPluginAsync } from 'fastify';
import { dayReviewsApi } from '@hustle/shared/day-reviews.api';
import type { RequireSession } from '../auth/require-session.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createDayReviewCommands } from './day-reviews.commands.ts';

/** Finishing the day (issue 30): a command; the newest finished day rides on the workspace's reads. */
export const dayReviewsRoutes: FastifyPluginAsync<{
  writes: WritePath;
  policy: Policy;
  requireSession: RequireSession;
}> = async (app, { writes, policy, requireSession }) => {
  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(command, dayReviewsApi, createDayReviewCommands({ policy }));
};
