import { z } from 'zod';
import { LIMITS } from './constants.ts';

/** spec §5: an invite token must be longer than 10 characters. */
export const isPlausibleInviteToken = (token: string | undefined): token is string =>
  typeof token === 'string' && token.length > LIMITS.inviteTokenMinExclusive;

export const InviteTokenSchema = z
  .string()
  .min(LIMITS.inviteTokenMinExclusive + 1, 'Invalid invite token')
  .max(200);

export const InviteLinkResponseSchema = z.object({
  /** A path on the app (spec: may be relative; the client makes it absolute). */
  inviteLink: z.string(),
});
export type InviteLinkResponse = z.infer<typeof InviteLinkResponseSchema>;

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

export const LeaveProjectBodySchema = z.object({ workspaceId: z.string().min(1).max(64) }).strict();
