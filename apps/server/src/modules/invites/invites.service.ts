import { hasReachedLimit } from '@hustle/shared/access';
import type { InviteResponse, JoinResponse } from '@hustle/shared/invites';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { keyBetween } from '../../lib/ordering.ts';
import { hmac, newSecretToken, sha256 } from '../../lib/tokens.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { PlanService } from '../billing/plan.service.ts';
import { isOwnedBy } from '../projects/project-view.ts';
import * as projectsRepo from '../projects/projects.repository.ts';
import * as plannedRepo from '../tasks/planned.repository.ts';
import * as workspacesRepo from '../workspaces/workspaces.repository.ts';
import { requireOwnWorkspace } from '../workspaces/require-workspace.ts';
import { versionOf } from '../workspaces/workspace-version.ts';
import * as repo from './invites.repository.ts';

const invalidInvite = () =>
  new AppError(
    404,
    'NOT_FOUND',
    'This invite link is not valid anymore. Ask the owner for a new one.',
  );
const sharingNotAvailable = () =>
  new AppError(
    403,
    'SHARING_NOT_AVAILABLE',
    'Sharing projects is part of Premium. Upgrade to invite others.',
  );

export function createInvitesService(deps: {
  db: Db;
  clock: Clock;
  plans: PlanService;
  secretKey: string;
}) {
  const { db, clock, plans } = deps;
  const now = () => clock.now().toISOString();
  const tokenOf = (seed: string) =>
    Buffer.from(hmac(deps.secretKey, `invite:${seed}`), 'hex').toString('base64url');
  const linkOf = (seed: string) => ({ inviteLink: `/invite/${tokenOf(seed)}` });

  /** The owner's project, ready to share: owner only, plan allows sharing, not archived. */
  async function shareableProject(trx: Db, session: SessionContext, projectId: string) {
    const project = await projectsRepo.findProjectInWorkspace(trx, projectId, session.workspaceId);
    if (!project) throw notFound('Project');
    if (!isOwnedBy(project, session.workspaceId))
      throw forbidden("Only the project's owner can invite others.");
    if (!(await plans.accessOfWorkspace(trx, session.workspaceId)).projectSharing)
      throw sharingNotAvailable();
    if (project.archived_at)
      throw new AppError(409, 'CONFLICT', 'Bring the project back before inviting others.');
    return project;
  }

  async function createInvite(trx: Db, session: SessionContext, projectId: string) {
    const seed = newSecretToken(32);
    await repo.insertInvite(trx, {
      id: newId(),
      project_id: projectId,
      seed,
      token_hash: sha256(tokenOf(seed)),
      created_by: session.userId,
      created_at: now(),
    });
    return linkOf(seed);
  }

  return {
    /** One active link per project: the same link until the owner makes a new one. */
    async inviteLink(session: SessionContext, projectId: string) {
      return db.transaction().execute(async (trx) => {
        await shareableProject(trx, session, projectId);
        const active = await repo.findActiveInviteOfProject(trx, projectId);
        return active ? linkOf(active.seed) : createInvite(trx, session, projectId);
      });
    },

    /** A new link; the old one stops working. */
    async regenerateInviteLink(session: SessionContext, projectId: string) {
      return db.transaction().execute(async (trx) => {
        await shareableProject(trx, session, projectId);
        await repo.revokeInvitesOfProject(trx, projectId, now());
        return createInvite(trx, session, projectId);
      });
    },

    async readInvite(session: SessionContext, token: string): Promise<InviteResponse> {
      const invite = await repo.findInviteByTokenHash(db, sha256(token));
      if (!invite) throw invalidInvite();
      const membership = await projectsRepo.findProjectInWorkspace(
        db,
        invite.project_id,
        session.workspaceId,
      );
      return {
        name: invite.name,
        color: invite.color,
        ownerEmail: invite.owner_email,
        isMember: Boolean(membership),
      };
    },

    /** Idempotent; the owner joining their own link changes nothing (ARCHITECTURE §5). */
    async join(session: SessionContext, token: string): Promise<JoinResponse> {
      const ws = session.workspaceId;
      return db.transaction().execute(async (trx) => {
        const invite = await repo.findInviteByTokenHash(trx, sha256(token));
        if (!invite) throw invalidInvite();
        const result = { projectId: invite.project_id, workspaceId: ws };
        if (await projectsRepo.findProjectInWorkspace(trx, invite.project_id, ws)) return result;
        if (!(await plans.accessOfWorkspace(trx, invite.owner_workspace_id)).projectSharing) {
          throw new AppError(
            403,
            'SHARING_NOT_AVAILABLE',
            "The owner's plan no longer allows sharing this project.",
          );
        }
        const at = now();
        await workspacesRepo.bumpVersions(trx, [ws], at);
        const { projectsLimit } = await plans.accessOfWorkspace(trx, ws);
        if (hasReachedLimit(projectsLimit, await projectsRepo.countProjects(trx, ws, false))) {
          throw new AppError(
            409,
            'PROJECT_LIMIT_REACHED',
            `Your plan allows ${projectsLimit} projects. Upgrade to Premium to join more.`,
          );
        }
        await workspacesRepo.insertMembership(trx, {
          workspace_id: ws,
          project_id: invite.project_id,
          position: keyBetween(await workspacesRepo.edgeProjectPosition(trx, ws, 'last'), null),
          joined_at: at,
        });
        return result;
      });
    },

    /** A member leaves: the project and its tasks leave their workspace and planned list. */
    async leave(session: SessionContext, projectId: string, workspaceId: string) {
      const ws = requireOwnWorkspace(session, workspaceId);
      return db.transaction().execute(async (trx) => {
        const project = await projectsRepo.findProjectInWorkspace(trx, projectId, ws);
        if (!project) throw notFound('Project');
        if (isOwnedBy(project, ws)) {
          throw forbidden(
            'You own this project, so you cannot leave it. Archive or delete it instead.',
          );
        }
        await workspacesRepo.bumpVersions(trx, [ws], now());
        await plannedRepo.removeProjectFromPlans(trx, projectId, ws);
        await repo.deleteMembership(trx, ws, projectId);
        return versionOf(trx, ws);
      });
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
