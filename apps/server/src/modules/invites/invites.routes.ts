import type { FastifyPluginAsync } from 'fastify';
import { invitesApi } from '@hustle/shared/invites.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createInviteCommands, inviteCommandOptions } from './invites.commands.ts';
import type { InvitesService } from './invites.service.ts';

export const invitesRoutes: FastifyPluginAsync<{
  invites: InvitesService;
  writes: WritePath;
  policy: Policy;
  secretKey: string;
  requireSession: RequireSession;
}> = async (app, { invites, writes, policy, secretKey, requireSession }) => {
  const route = createRouter(app, { requireSession });

  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(
    command,
    invitesApi,
    createInviteCommands({ policy, secretKey }),
    inviteCommandOptions,
  );

  route(invitesApi.readInvite, async (request) =>
    invites.readInvite(request.session, request.params.inviteToken),
  );

  route(invitesApi.listProjectMembers, async (request) =>
    invites.members(request.session, request.params.projectId),
  );
};
