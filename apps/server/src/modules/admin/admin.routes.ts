import type { FastifyPluginAsync } from 'fastify';
import { adminApi } from '@hustle/shared/admin.api';
import { notFound } from '../../lib/errors.ts';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { AdminService } from './admin.service.ts';

/**
 * The instance admin page's endpoints. Their guard signs the caller in and then answers anyone
 * not in ADMIN_EMAILS 404, before the request is even read: to others these routes do not exist
 * (decision 057).
 */
export const adminRoutes: FastifyPluginAsync<{
  admin: AdminService;
  requireSession: RequireSession;
}> = async (app, { admin, requireSession }) => {
  const route = createRouter(app, {
    requireSession: async (request) => {
      await requireSession(request);
      if (!admin.isAdmin(request.session.email)) throw notFound('Page');
    },
  });

  route(adminApi.getAdminOverview, async () => admin.overview());

  route(adminApi.listAdminUsers, async (request) => admin.listUsers(request.query.q));

  route(adminApi.disableUser, async (request) => admin.disable(request.session, request.params.id));

  route(adminApi.enableUser, async (request) => admin.enable(request.session, request.params.id));

  route(adminApi.setUserFeatureFlags, async (request) =>
    admin.setFeatureFlags(request.session, request.params.id, request.body.featureFlags),
  );

  route(adminApi.listAdminActions, async () => admin.listActions());
};
