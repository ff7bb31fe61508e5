import type { FastifyPluginAsync } from 'fastify';
import { invitesApi } from '@hustle/shared/invites.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { InvitesService } from './invites.service.ts';

export const invitesRoutes: FastifyPluginAsync<{
  invites: InvitesService;
  requireSession: RequireSession;
}> = async (app, { invites, requireSession }) => {
  const route = createRouter(app, { requireSession });

  route(invitesApi.getInviteLink, async (request) =>
    invites.inviteLink(request.session, request.params.projectId),
  );

  route(invitesApi.regenerateInviteLink, async (request) =>
    invites.regenerateInviteLink(request.session, request.params.projectId),
  );

  route(invitesApi.readInvite, async (request) =>
    invites.readInvite(request.session, request.params.inviteToken),
  );

  route(invitesApi.joinInvite, async (request) =>
    invites.join(request.session, request.params.inviteToken),
  );

  route(invitesApi.listProjectMembers, async (request) =>
    invites.members(request.session, request.params.projectId),
  );

  route(invitesApi.removeProjectMember, async (request) =>
    invites.removeMember(request.session, request.params.projectId, request.params.workspaceId),
  );

  route(invitesApi.leaveProject, async (request) =>
    invites.leave(request.session, request.params.projectId, request.body.workspaceId),
  );
};
