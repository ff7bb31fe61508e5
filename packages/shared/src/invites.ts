import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { IdSchema, SecretTokenSchema } from './ids.ts';

/** spec §5: an invite token must be longer than 10 characters. */
export const isPlausibleInviteToken = (token: string | undefined): token is string =>
  typeof token === 'string' && token.length > LIMITS.inviteTokenMinExclusive;

export const InviteTokenSchema = SecretTokenSchema.min(
  LIMITS.inviteTokenMinExclusive + 1,
  'Invalid invite token',
);

export const InviteLinkResponseSchema = z.object({
  /** A path on the app (spec: may be relative; the client makes it absolute). */
  inviteLink: z.string(),
});

export const InviteResponseSchema = z.object({
  name: z.string(),
  color: z.string().nullable(),
  ownerEmail: z.string(),
  /** The reader already sees the project (as owner or member). */
  isMember: z.boolean(),
});
export type InviteResponse = z.infer<typeof InviteResponseSchema>;

export const JoinResponseSchema = z.object({ projectId: z.string(), workspaceId: z.string() });
export type JoinResponse = z.infer<typeof JoinResponseSchema>;

export const LeaveProjectBodySchema = z.object({ workspaceId: IdSchema }).strict();

/** Someone the owner shares a project with: their workspace and the e-mail they signed in with. */
export const ProjectMemberSchema = z.object({
  workspaceId: z.string(),
  email: z.string(),
  joinedAt: z.string(),
});
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;
export const ProjectMembersResponseSchema = z.array(ProjectMemberSchema);
