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

  route(automationsApi.updateAutomation, async (request) =>
    automations.update(request.session, request.params.id, request.body),
  );

  route(automationsApi.pauseAutomation, async (request) =>
    automations.pause(request.session, request.params.id),
  );

  route(automationsApi.resumeAutomation, async (request) =>
    automations.resume(request.session, request.params.id),
  );

  route(automationsApi.getAutomationHistory, async (request) =>
    automations.history(request.session, request.params.id),
  );

  route(automationsApi.skipAutomationRun, async (request) =>
    automations.skip(request.session, request.params.id, request.body.period),
  );

  route(automationsApi.unskipAutomationRun, async (request) =>
    automations.unskip(request.session, request.params.id, request.body.period),
  );

  route(automationsApi.retryAutomationRun, async (request) =>
    automations.retry(request.session, request.params.id, request.body.period),
  );

  route(automationsApi.listAutomationStatuses, async (request) =>
    automations.statuses(request.session),
  );
};
