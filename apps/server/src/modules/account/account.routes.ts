import type { FastifyPluginAsync } from 'fastify';
import { accountApi } from '@hustle/shared/account.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { AccountService } from './account.service.ts';

export const accountRoutes: FastifyPluginAsync<{
  account: AccountService;
  auth: AuthService;
  requireSession: RequireSession;
}> = async (app, { account, auth, requireSession }) => {
  const route = createRouter(app, { requireSession });

  route(accountApi.listSessions, async (request) => ({
    sessions: await account.listSessions(request.session),
  }));

  route(accountApi.revokeSession, async (request) =>
    account.revokeSession(request.session, request.params.id),
  );

  route(accountApi.revokeOtherSessions, async (request) =>
    account.revokeOtherSessions(request.session),
  );

  route(accountApi.requestEmailChange, async (request) =>
    auth.requestEmailChange(request.session, request.body.email, request.ip),
  );

  route(accountApi.confirmEmailChange, async (request) =>
    auth.confirmEmailChange(request.session, request.body.code, request.ip),
  );

  route(accountApi.deleteAccount, async (request, reply) => {
    await account.deleteAccount(request.session, request.body.email);
    return reply.code(204).send(null);
  });
};
