import type { InviteResponse, JoinResponse, ProjectMember } from '@hustle/shared/invites';
import type { OkResponse } from '@hustle/shared/tasks';
import type { UndoableResponse } from '@hustle/shared/undo';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hmac, newSecretToken, sha256 } from '../../lib/tokens.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import { findVisibleProject } from '../projects/projects.service.ts';
import { unplanProjectTasks } from '../tasks/tasks.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import {
  addMembership,
  captureRows,
  findMembership,
  removeMembership,
  requireOwnWorkspace,
} from '../workspaces/workspaces.service.ts';
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

const invalidInvite = () =>
  new AppError('NOT_FOUND', 'This invite link is not valid anymore. Ask the owner for a new one.');

export function createInvitesService(deps: {
  db: Db;
  clock: Clock;
  writes: WritePath;
  policy: Policy;
  secretKey: string;
}) {
  const { db, writes, policy } = deps;
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

  async function createInvite(uow: UnitOfWork, session: SessionContext, projectId: string) {
    const seed = newSecretToken(32);
    const id = newId();
    await repo.insertInvite(uow.trx, {
      id,
      project_id: projectId,
      seed,
      token_hash: sha256(tokenOf(seed)),
      created_by: session.userId,
      created_at: uow.now,
    });
    uow.changed([session.workspaceId], 'invite', id);
    return linkOf(seed);
  }

  return {
    /**
     * One active link per project: the same link until the owner makes a new one. The first read
     * makes it, inside the owner's workspace lock, so parallel reads share one link.
     */
    async inviteLink(session: SessionContext, projectId: string) {
      return writes.run(session, async (uow) => {
        await requireShareable(uow.trx, session.workspaceId, projectId);
        const active = await repo.findActiveInviteOfProject(uow.trx, projectId);
        return active ? linkOf(active.seed) : createInvite(uow, session, projectId);
      });
    },

    /** A new link; the old one stops working. */
    async regenerateInviteLink(session: SessionContext, projectId: string) {
      return writes.run(session, async (uow) => {
        await requireShareable(uow.trx, session.workspaceId, projectId);
        for (const revoked of await repo.revokeInvitesOfProject(uow.trx, projectId, uow.now)) {
          uow.changed([session.workspaceId], 'invite', revoked.id, 'delete');
        }
        return createInvite(uow, session, projectId);
      });
    },

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

    /**
     * Idempotent: joining twice, or in parallel (serialised by the joiner's workspace lock), makes
     * one membership and answers the same; the owner joining their own link changes nothing.
     */
    async join(session: SessionContext, token: string): Promise<JoinResponse> {
      const ws = session.workspaceId;
      return writes.run(session, async (uow) => {
        const { trx } = uow;
        const invite = await repo.findInviteByTokenHash(trx, sha256(token));
        if (!invite) throw invalidInvite();
        const result = { projectId: invite.project_id, workspaceId: ws };
        if (await findMembership(trx, ws, invite.project_id)) return result;
        await policy.requireSharing(trx, invite.owner_workspace_id);
        await policy.requireProjectRoom(trx, ws);
        await addMembership(uow, ws, invite.project_id, 'last');
        // The owner's card shows the project is shared now.
        uow.changed([invite.owner_workspace_id], 'project', invite.project_id);
        return result;
      });
    },

    /** Who the owner shares the project with; members and others are refused like other owner reads. */
    async members(session: SessionContext, projectId: string): Promise<ProjectMember[]> {
      const project = await findVisibleProject(db, policy, session.workspaceId, projectId);
      policy.requireOwner(project, session.workspaceId);
      return repo.membersOfProject(db, projectId, session.workspaceId);
    },

    /**
     * The owner stops sharing with one member: in one unit of work the member's workspace loses
     * the project and its planned copies of the project's tasks, and both workspaces get a new
     * version. The member's workspace is locked too, so a plan racing this lands before (and is
     * taken off) or after (and finds the project gone).
     */
    async removeMember(
      session: SessionContext,
      projectId: string,
      memberWorkspaceId: string,
    ): Promise<OkResponse> {
      const ws = session.workspaceId;
      return writes.run(
        session,
        async (uow) => {
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
          return uow.ok();
        },
        { lock: [memberWorkspaceId] },
      );
    },

    /** A member leaves: the project and its tasks leave their workspace and planned list. */
    async leave(
      session: SessionContext,
      projectId: string,
      workspaceId: string,
    ): Promise<UndoableResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      return writes.run(session, async (uow) => {
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
        return { ...(await uow.ok()), undo };
      });
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
