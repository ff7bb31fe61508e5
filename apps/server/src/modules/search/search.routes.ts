import type { FastifyPluginAsync } from 'fastify';
import { searchApi } from '@hustle/shared/search.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { SearchService } from './search.service.ts';

export const searchRoutes: FastifyPluginAsync<{
  search: SearchService;
  requireSession: RequireSession;
}> = async (app, { search, requireSession }) => {
  const route = createRouter(app, { requireSession });
  route(searchApi.searchTasks, async (request) => search.search(request.session, request.query));
};
