import type { JoinResponse } from '@hustle/shared/invites';
import type { invitesApi } from '@hustle/shared/invites.api';
import { forbidden, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hmac, newSecretToken, sha256 } from '../../lib/tokens.ts';
import type { Db } from '../../db/database.ts';
import type { Policy } from '../policy/policy.service.ts';
import { findVisibleProject } from '../projects/projects.service.ts';
import { unplanProjectTasks } from '../tasks/tasks.service.ts';
import type { CommandHandler, CommandOptions } from '../workspaces/command-routes.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import {
  addMembership,
  captureRows,
  findMembership,
  removeMembership,
} from '../workspaces/workspaces.service.ts';
import * as repo from './invites.repository.ts';
import { invalidInvite } from './invites.service.ts';

type Api = typeof invitesApi;
type Commands = Pick<
  Api,
  'getInviteLink' | 'regenerateInviteLink' | 'joinInvite' | 'removeProjectMember' | 'leaveProject'
>;

/**
 * Where the sharing commands act: always the caller's own workspace. The member's removal names
 * the member's workspace in its path, which is not where the caller acts, so it is not read as
 * such; that workspace is locked up front instead, so a plan racing the removal lands before (and
 * is taken off) or after (and finds the project gone).
 */
export const inviteCommandOptions: { [Name in keyof Commands]?: CommandOptions<Commands[Name]> } = {
  removeProjectMember: {
    workspaceOf: () => undefined,
    lock: ({ params }) => [params.workspaceId],
  },
};

type Handlers<Names extends keyof Commands> = {
  [Name in Names]: CommandHandler<Commands[Name]>;
};

/** The invite link's commands: read it (made on first read) and make a new one. */
function createLinkHandlers(deps: {
  policy: Policy;
  secretKey: string;
}): Handlers<'getInviteLink' | 'regenerateInviteLink'> {
  const { policy } = deps;
  const tokenOf = (seed: string) =>
    Buffer.from(hmac(deps.secretKey, `invite:${seed}`), 'hex').toString('base64url');
  const linkOf = (seed: string) => ({ inviteLink: `/invite/${tokenOf(seed)}` });

  /** The owner's project, ready to share: owner only, plan allows sharing, not archived. */
  async function requireShareable(trx: Db, workspaceId: string, projectId: string) {
    const project = await findVisibleProject(trx, policy, workspaceId, projectId);
    policy.requireOwner(project, workspaceId);
    await policy.requireSharing(trx, workspaceId);
    policy.requireNotArchived(project);
  }

  async function createInvite(uow: UnitOfWork, userId: string, ws: string, projectId: string) {
    const seed = newSecretToken(32);
    const id = newId();
    await repo.insertInvite(uow.trx, {
      id,
      project_id: projectId,
      seed,
      token_hash: sha256(tokenOf(seed)),
      created_by: userId,
      created_at: uow.now,
    });
    uow.changed([ws], 'invite', id);
    return linkOf(seed);
  }

  return {
    /**
     * One active link per project: the same link until the owner makes a new one. The first read
     * makes it, inside the owner's workspace lock, so parallel reads share one link.
     */
    async getInviteLink(uow, { session, workspaceId: ws, params: { projectId } }) {
      await requireShareable(uow.trx, ws, projectId);
      const active = await repo.findActiveInviteOfProject(uow.trx, projectId);
      return active ? linkOf(active.seed) : createInvite(uow, session.userId, ws, projectId);
    },

    /** A new link; the old one stops working. */
    async regenerateInviteLink(uow, { session, workspaceId: ws, params: { projectId } }) {
      await requireShareable(uow.trx, ws, projectId);
      for (const revoked of await repo.revokeInvitesOfProject(uow.trx, projectId, uow.now)) {
        uow.changed([ws], 'invite', revoked.id, 'delete');
      }
      return createInvite(uow, session.userId, ws, projectId);
    },
  };
}

/** Who is in a shared project: joining by the link, the owner removing a member, leaving. */
function createMembershipHandlers(
  policy: Policy,
): Handlers<'joinInvite' | 'removeProjectMember' | 'leaveProject'> {
  return {
    /**
     * Idempotent: joining twice, or in parallel (serialised by the joiner's workspace lock), makes
     * one membership and answers the same; the owner joining their own link changes nothing.
     */
    async joinInvite(uow, { workspaceId: ws, params }) {
      const { trx } = uow;
      const invite = await repo.findInviteByTokenHash(trx, sha256(params.inviteToken));
      if (!invite) throw invalidInvite();
      const result: JoinResponse = { projectId: invite.project_id, workspaceId: ws };
      if (await findMembership(trx, ws, invite.project_id)) return result;
      await policy.requireSharing(trx, invite.owner_workspace_id);
      await policy.requireProjectRoom(trx, ws);
      await addMembership(uow, ws, invite.project_id, 'last');
      // The owner's card shows the project is shared now.
      uow.changed([invite.owner_workspace_id], 'project', invite.project_id);
      return result;
    },

    /**
     * The owner stops sharing with one member: in one unit of work the member's workspace loses
     * the project and its planned copies of the project's tasks, and both workspaces get a new
     * version.
     */
    async removeProjectMember(uow, { workspaceId: ws, params }) {
      const { projectId, workspaceId: memberWorkspaceId } = params;
      const project = await findVisibleProject(uow.trx, policy, ws, projectId);
      policy.requireOwner(project, ws);
      if (memberWorkspaceId === ws) {
        throw forbidden('You own this project. Archive or delete it instead.');
      }
      if (!(await findMembership(uow.trx, memberWorkspaceId, projectId))) {
        throw notFound('Member');
      }
      await unplanProjectTasks(uow, projectId, memberWorkspaceId);
      await removeMembership(uow, memberWorkspaceId, projectId);
      uow.changed([ws], 'project', projectId);
    },

    /** A member leaves: the project and its tasks leave their workspace and planned list. */
    async leaveProject(uow, { workspaceId: ws, params: { projectId } }) {
      const project = await findVisibleProject(uow.trx, policy, ws, projectId);
      if (project.owner_workspace_id === ws) {
        throw forbidden(
          'You own this project, so you cannot leave it. Archive or delete it instead.',
        );
      }
      const membership = (
        await captureRows(uow.trx, 'workspace_projects', 'project_id', [projectId])
      ).filter((row) => row.workspace_id === ws);
      const unplanned = await unplanProjectTasks(uow, projectId, ws);
      await removeMembership(uow, ws, projectId);
      uow.changed([project.owner_workspace_id], 'project', projectId);
      // Decision 025: the place in the member's order and their planned rows, for the undo.
      // Issue 28: and the link live now, the only way back in the undo may stand for.
      const link = await repo.findActiveInviteOfProject(uow.trx, projectId);
      const undo = await uow.undoable('leaveProject', {
        rows: { workspace_projects: membership, planned_tasks: unplanned },
        facts: { inviteId: link?.id ?? '' },
      });
      return { undo };
    },
  };
}

/** The sharing commands (spec §5), one handler each; the router runs them as units of work. */
export function createInviteCommands(deps: {
  policy: Policy;
  secretKey: string;
}): Handlers<keyof Commands> {
  return { ...createLinkHandlers(deps), ...createMembershipHandlers(deps.policy) };
}
