import type { InviteResponse, ProjectMember } from '@hustle/shared/invites';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import { findVisibleProject } from '../projects/projects.service.ts';
import { findMembership } from '../workspaces/workspaces.service.ts';
import * as repo from './invites.repository.ts';

/**
 * Whether the project's live link is still `inviteId`, the one live when a member left it
 * (issue 28): a link made since — the owner regenerated it, say after removing them — is one they
 * never had, so an undo of the leave must not take them back in.
 */
export async function isLinkStill(trx: Db, projectId: string, inviteId: string | undefined) {
  const invite = await repo.findActiveInviteOfProject(trx, projectId);
  return Boolean(invite && invite.id === inviteId);
}

/** Whether an invite link's token is live: sign-up lets its holder in (decision 056). */
export const isInviteLive = async (db: Db, token: string): Promise<boolean> =>
  Boolean(await repo.findInviteByTokenHash(db, sha256(token)));

export const invalidInvite = () =>
  new AppError('NOT_FOUND', 'This invite link is not valid anymore. Ask the owner for a new one.');

/** The sharing reads; its commands are handlers (`invites.commands.ts`). */
export function createInvitesService(deps: { db: Db; policy: Policy }) {
  const { db, policy } = deps;
  return {
    async readInvite(session: SessionContext, token: string): Promise<InviteResponse> {
      const invite = await repo.findInviteByTokenHash(db, sha256(token));
      if (!invite) throw invalidInvite();
      const membership = await findMembership(db, session.workspaceId, invite.project_id);
      return {
        name: invite.name,
        color: invite.color,
        ownerEmail: invite.owner_email,
        isMember: Boolean(membership),
      };
    },

    /** Who the owner shares the project with; members and others are refused like other owner reads. */
    async members(session: SessionContext, projectId: string): Promise<ProjectMember[]> {
      const project = await findVisibleProject(db, policy, session.workspaceId, projectId);
      policy.requireOwner(project, session.workspaceId);
      return repo.membersOfProject(db, projectId, session.workspaceId);
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
