import type { AccountSession } from '@hustle/shared/account';
import type { Db } from '../../db/database.ts';
import type { OkResponse } from '@hustle/shared/tasks';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  eraseUser,
  revokeSessionOf,
  type AuthService,
  type SessionContext,
} from '../auth/auth.service.ts';
import type { BillingService } from '../billing/billing.service.ts';
import { listProjects } from '../projects/projects.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import { eraseActivityOf } from '../workspaces/task-activity.ts';
import { workspacesShowingProject } from '../workspaces/workspaces.service.ts';

/**
 * Signs one of the user's devices out, as a change of their workspace: its version moves, so
 * every open live stream of the account wakes at once (on every instance) and the revoked one,
 * finding its session gone, ends. Shared by the revoke command and logout.
 */
export async function endSession(uow: UnitOfWork, session: SessionContext, sessionId: string) {
  if (!(await revokeSessionOf(uow.trx, session.userId, sessionId, uow.now))) {
    throw notFound('Session');
  }
  uow.changed([session.workspaceId], 'session', sessionId, 'delete');
}

/**
 * The account screen (issue 17, part 4; docs/decisions/027-account.md): signed-in devices,
 * the sign-in address, and erasing the account. Signing devices out is a pair of handlers
 * (`account.commands.ts`); erasing is not a plain command, so it is run here.
 */
export function createAccountService(deps: {
  db: Db;
  writes: WritePath;
  auth: AuthService;
  billing: BillingService;
}) {
  const { db, writes, auth } = deps;

  /** Every project the workspace shows, active and archived, with who owns it. */
  async function projectsShownIn(trx: Db, workspaceId: string) {
    const rows = [
      ...(await listProjects(trx, workspaceId, false)),
      ...(await listProjects(trx, workspaceId, true)),
    ];
    return rows.map((row) => ({ id: row.id, ownerWorkspaceId: row.owner_workspace_id }));
  }

  /** The workspaces besides the user's own that show one of their projects or one they joined. */
  async function neighboursOf(trx: Db, workspaceId: string) {
    const neighbours = new Set<string>();
    for (const project of await projectsShownIn(trx, workspaceId)) {
      if (project.ownerWorkspaceId !== workspaceId) neighbours.add(project.ownerWorkspaceId);
      else for (const ws of await workspacesShowingProject(trx, project.id)) neighbours.add(ws);
    }
    neighbours.delete(workspaceId);
    return [...neighbours];
  }

  async function erase(uow: UnitOfWork, session: SessionContext): Promise<void> {
    const ws = session.workspaceId;
    for (const project of await projectsShownIn(uow.trx, ws)) {
      if (project.ownerWorkspaceId === ws) {
        const showing = await workspacesShowingProject(uow.trx, project.id);
        uow.changed(showing, 'project', project.id, 'delete');
      } else {
        // The owner's card counts one member fewer.
        uow.changed([project.ownerWorkspaceId], 'project', project.id);
      }
    }
    uow.changed([ws], 'workspace', ws, 'delete');
    // Versions move and are announced before the rows go, so open streams hear of it.
    await uow.ok();
    await eraseActivityOf(uow.trx, session.userId, ws);
    await eraseUser(uow.trx, session.userId, session.email);
  }

  return {
    listSessions: (session: SessionContext): Promise<AccountSession[]> =>
      auth.listSessions(session),

    /** Logout: the session signs itself out. */
    signOut: (session: SessionContext): Promise<OkResponse> =>
      writes.run(session, async (uow) => {
        await endSession(uow, session, session.sessionId);
        return uow.ok();
      }),

    /**
     * Erases the account in one unit of work: the members of the user's projects lose them (their
     * planned copies go with the tasks), the owners of projects the user joined see one member
     * fewer, and every open stream of the account ends. The workspace, projects, tasks,
     * automations, runs, sessions, plan and idempotent answers go with the user row (foreign keys
     * cascade). A paying user's subscription is cancelled first. Not on the command router: it
     * runs for the workspace it erases, with no user (no Idempotency-Key answer may outlive the
     * user), and answers 204 rather than a version.
     */
    async deleteAccount(session: SessionContext, confirmEmail: string): Promise<void> {
      if (confirmEmail !== session.email) {
        throw new AppError('VALIDATION_FAILED', 'Type your e-mail address to confirm.');
      }
      const ws = session.workspaceId;
      await deps.billing.cancelBeforeErasure(session.userId);
      // The members' workspaces are locked too, so a member's command on a shared project runs
      // wholly before (its rows go with the project) or after (it finds the project gone).
      // No user id: an Idempotency-Key answer cannot outlive the user it belongs to.
      // Alone: the commands of a group are told the workspace exists when it starts.
      await writes.run({ workspaceId: ws }, (uow) => erase(uow, session), {
        lock: await neighboursOf(db, ws),
        alone: true,
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
