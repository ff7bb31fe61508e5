import type { FastifyPluginAsync } from 'fastify';
import { automationsApi } from '@hustle/shared/automations.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { AutomationsService } from './automations.service.ts';

export const automationsRoutes: FastifyPluginAsync<{
  automations: AutomationsService;
  requireSession: RequireSession;
}> = async (app, { automations, requireSession }) => {
  const route = createRouter(app, { requireSession });

  route(automationsApi.listAutomations, async (request) => automations.list(request.session));

  route(automationsApi.createAutomation, async (request) =>
    automations.create(request.session, request.body),
  );

  route(automationsApi.deleteAutomation, async (request) =>
    automations.remove(request.session, request.params.id),
  );

  route(automationsApi.listAutomationStatuses, async (request) =>
    automations.statuses(request.session),
  );
};
