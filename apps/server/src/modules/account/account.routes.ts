import type { FastifyPluginAsync } from 'fastify';
import { accountApi } from '@hustle/shared/account.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createAccountCommands } from './account.commands.ts';
import type { AccountService } from './account.service.ts';
import type { EmailChangeService } from './email-change.service.ts';

export const accountRoutes: FastifyPluginAsync<{
  account: AccountService;
  emailChange: EmailChangeService;
  writes: WritePath;
  requireSession: RequireSession;
}> = async (app, { account, emailChange, writes, requireSession }) => {
  const route = createRouter(app, { requireSession });

  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(command, accountApi, createAccountCommands());

  route(accountApi.listSessions, async (request) => ({
    sessions: await account.listSessions(request.session),
  }));

  route(accountApi.requestEmailChange, async (request) =>
    emailChange.requestEmailChange(request.session, request.body.email, request.ip),
  );

  route(accountApi.confirmEmailChange, async (request) =>
    emailChange.confirmEmailChange(request.session, request.body.code, request.ip),
  );

  route(accountApi.deleteAccount, async (request, reply) => {
    await account.deleteAccount(request.session, request.body.email);
    return reply.code(204).send(null);
  });
};
