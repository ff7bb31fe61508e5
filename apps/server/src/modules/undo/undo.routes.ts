import type { FastifyPluginAsync } from 'fastify';
import { undoApi } from '@hustle/shared/undo.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { UndoService } from './undo.service.ts';

export const undoRoutes: FastifyPluginAsync<{
  undo: UndoService;
  requireSession: RequireSession;
}> = async (app, { undo, requireSession }) => {
  const route = createRouter(app, { requireSession });

  route(undoApi.undo, async (request) => undo.undo(request.session, request.params.token));
};
