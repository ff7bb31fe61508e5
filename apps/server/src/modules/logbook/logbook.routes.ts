import type { FastifyPluginAsync } from 'fastify';
import { logbookApi } from '@hustle/shared/logbook.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { LogbookService } from './logbook.service.ts';

export const logbookRoutes: FastifyPluginAsync<{
  logbook: LogbookService;
  requireSession: RequireSession;
}> = async (app, { logbook, requireSession }) => {
  const route = createRouter(app, { requireSession });
  route(logbookApi.getLogbook, async (request) => logbook.page(request.session, request.query));
  route(logbookApi.getLogbookWeek, async (request) => logbook.week(request.session, request.query));
};
