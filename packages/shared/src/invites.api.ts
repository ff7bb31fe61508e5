import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { UndoableResponseSchema } from './undo.ts';
import { IdSchema } from './ids.ts';
import {
  InviteLinkResponseSchema,
  InviteResponseSchema,
  InviteTokenSchema,
  JoinResponseSchema,
  LeaveProjectBodySchema,
  ProjectMembersResponseSchema,
} from './invites.ts';
import { OkResponseSchema } from './tasks.ts';

const tags = ['invites'];
const ProjectParamsSchema = z.object({ projectId: IdSchema });
const MemberParamsSchema = z.object({ projectId: IdSchema, workspaceId: IdSchema });
const TokenParamsSchema = z.object({ inviteToken: InviteTokenSchema });
const sharing = ['NOT_FOUND', 'FORBIDDEN', 'SHARING_NOT_AVAILABLE', 'PROJECT_ARCHIVED'] as const;

export const invitesApi = defineEndpoints({
  getInviteLink: {
    method: 'GET',
    path: '/api/v1/projects/:projectId/invite-link',
    summary: "The project's invite link (owner, with sharing access)",
    tags,
    auth: 'session',
    command: true,
    params: ProjectParamsSchema,
    responses: { 200: InviteLinkResponseSchema },
    errors: sharing,
  },
  regenerateInviteLink: {
    method: 'POST',
    path: '/api/v1/projects/:projectId/invite-link/regenerate',
    summary: 'Replace the invite link; the old one stops working',
    tags,
    auth: 'session',
    command: true,
    params: ProjectParamsSchema,
    responses: { 200: InviteLinkResponseSchema },
    errors: sharing,
  },
  readInvite: {
    method: 'GET',
    path: '/api/v1/invites/:inviteToken',
    summary: 'What an invite is for',
    tags,
    auth: 'session',
    params: TokenParamsSchema,
    responses: { 200: InviteResponseSchema },
    errors: ['NOT_FOUND'],
  },
  joinInvite: {
    method: 'POST',
    path: '/api/v1/invites/:inviteToken/join',
    summary: 'Join the project (idempotent)',
    tags,
    auth: 'session',
    command: true,
    params: TokenParamsSchema,
    body: z.object({}).strict().nullish(),
    responses: { 200: JoinResponseSchema },
    errors: ['NOT_FOUND', 'SHARING_NOT_AVAILABLE', 'PROJECT_LIMIT_REACHED'],
  },
  listProjectMembers: {
    method: 'GET',
    path: '/api/v1/projects/:projectId/members',
    summary: 'Who the owner shares the project with (owner only)',
    tags,
    auth: 'session',
    params: ProjectParamsSchema,
    responses: { 200: ProjectMembersResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  },
  removeProjectMember: {
    method: 'POST',
    path: '/api/v1/projects/:projectId/members/:workspaceId/remove',
    summary: "Stop sharing the project with a member; their plan drops the project's tasks",
    tags,
    auth: 'session',
    command: true,
    params: MemberParamsSchema,
    body: z.object({}).strict().nullish(),
    responses: { 200: OkResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  },
  leaveProject: {
    method: 'POST',
    path: '/api/v1/projects/:projectId/leave',
    summary: 'Leave a project shared with you',
    tags,
    auth: 'session',
    command: true,
    params: ProjectParamsSchema,
    body: LeaveProjectBodySchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  },
});
