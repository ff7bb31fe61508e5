import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InviteLinkResponseSchema,
  InviteResponseSchema,
  InviteTokenSchema,
  JoinResponseSchema,
  LeaveProjectBodySchema,
} from '@hustle/shared/invites';
import { OkResponseSchema } from '@hustle/shared/tasks';
import type { RequireSession } from '../auth/require-session.ts';
import type { InvitesService } from './invites.service.ts';

const tags = ['invites'];
const ProjectParams = z.object({ projectId: z.string().min(1).max(64) });
const TokenParams = z.object({ inviteToken: InviteTokenSchema });

export const invitesRoutes: FastifyPluginAsyncZod<{
  invites: InvitesService;
  requireSession: RequireSession;
}> = async (app, { invites, requireSession }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/api/v1/projects/:projectId/invite-link',
    {
      schema: {
        tags,
        summary: "The project's invite link (owner, with sharing access)",
        params: ProjectParams,
        response: { 200: InviteLinkResponseSchema },
      },
    },
    async (request) => invites.inviteLink(request.session, request.params.projectId),
  );

  app.post(
    '/api/v1/projects/:projectId/invite-link/regenerate',
    {
      schema: {
        tags,
        summary: 'Replace the invite link; the old one stops working',
        params: ProjectParams,
        response: { 200: InviteLinkResponseSchema },
      },
    },
    async (request) => invites.regenerateInviteLink(request.session, request.params.projectId),
  );

  app.get(
    '/api/v1/invites/:inviteToken',
    {
      schema: {
        tags,
        summary: 'What an invite is for',
        params: TokenParams,
        response: { 200: InviteResponseSchema },
      },
    },
    async (request) => invites.readInvite(request.session, request.params.inviteToken),
  );

  app.post(
    '/api/v1/invites/:inviteToken/join',
    {
      schema: {
        tags,
        summary: 'Join the project (idempotent)',
        params: TokenParams,
        body: z.object({}).strict().nullish(),
        response: { 200: JoinResponseSchema },
      },
    },
    async (request) => invites.join(request.session, request.params.inviteToken),
  );

  app.post(
    '/api/v1/projects/:projectId/leave',
    {
      schema: {
        tags,
        summary: 'Leave a project shared with you',
        params: ProjectParams,
        body: LeaveProjectBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) =>
      invites.leave(request.session, request.params.projectId, request.body.workspaceId),
  );
};
