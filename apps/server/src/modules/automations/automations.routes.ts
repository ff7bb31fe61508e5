import type { FastifyPluginAsync } from 'fastify';
import { automationsApi } from '@hustle/shared/automations.api';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import type { AutomationScheduler } from './automation-scheduler.ts';
import { createAutomationCommands } from './automations.commands.ts';
import type { AutomationsService } from './automations.service.ts';

export const automationsRoutes: FastifyPluginAsync<{
  automations: AutomationsService;
  db: Db;
  clock: Clock;
  writes: WritePath;
  policy: Policy;
  scheduler: AutomationScheduler;
  requireSession: RequireSession;
}> = async (app, { automations, requireSession, writes, ...deps }) => {
  const route = createRouter(app, { requireSession });

  const command = createCommandRouter(app, { requireSession, writes });
  const { handlers, options } = createAutomationCommands(deps);
  registerCommands(command, automationsApi, handlers, options);

  route(automationsApi.listAutomations, async (request) => automations.list(request.session));

  route(automationsApi.getAutomationHistory, async (request) =>
    automations.history(request.session, request.params.id),
  );

  route(automationsApi.listAutomationStatuses, async (request) =>
    automations.statuses(request.session),
  );
};
