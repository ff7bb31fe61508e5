import type { FastifyPluginAsync } from 'fastify';
import { accountApi } from '@hustle/shared/account.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { RequireSession } from '../auth/require-session.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createAccountCommands } from './account.commands.ts';
import type { AccountService } from './account.service.ts';

export const accountRoutes: FastifyPluginAsync<{
  account: AccountService;
  auth: AuthService;
  writes: WritePath;
  requireSession: RequireSession;
}> = async (app, { account, auth, writes, requireSession }) => {
  const route = createRouter(app, { requireSession });

  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(command, accountApi, createAccountCommands());

  route(accountApi.listSessions, async (request) => ({
    sessions: await account.listSessions(request.session),
  }));

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
