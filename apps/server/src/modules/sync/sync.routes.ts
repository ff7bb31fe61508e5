import type { FastifyPluginAsync } from 'fastify';
import { syncApi } from '@hustle/shared/sync.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { SyncService } from './sync.service.ts';

export const syncRoutes: FastifyPluginAsync<{
  sync: SyncService;
  requireSession: RequireSession;
}> = async (app, { sync, requireSession }) => {
  const route = createRouter(app, { requireSession });

  route(syncApi.getSync, async (request) =>
    sync.changesSince(request.session, request.query.since, request.query.limit),
  );
};
