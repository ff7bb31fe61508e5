import { hasReachedLimit } from '@hustle/shared/access';
import { pickProjectColor } from '@hustle/shared/colors';
import type { CreateProjectResponse } from '@hustle/shared/projects';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { PlanService } from '../billing/plan.service.ts';
import * as plannedRepo from '../tasks/planned.repository.ts';
import * as tasksRepo from '../tasks/tasks.repository.ts';
import { toTask } from '../tasks/task-view.ts';
import * as workspacesRepo from '../workspaces/workspaces.repository.ts';
import { requireOwnWorkspace } from '../workspaces/require-workspace.ts';
import { versionOf } from '../workspaces/workspace-version.ts';
import { isOwnedBy, toProject, type ProjectRow } from './project-view.ts';
import * as repo from './projects.repository.ts';

const projectLimitReached = (limit: number) =>
  new AppError(
    409,
    'PROJECT_LIMIT_REACHED',
    `Your plan allows ${limit} projects. Upgrade to Premium for unlimited projects.`,
  );

export function createProjectsService(deps: { db: Db; clock: Clock; plans: PlanService }) {
  const { db, clock, plans } = deps;
  const now = () => clock.now().toISOString();

  async function findVisible(trx: Db, session: SessionContext, projectId: string) {
    const project = await repo.findProjectInWorkspace(trx, projectId, session.workspaceId);
    if (!project) throw notFound('Project');
    return project;
  }

  /** spec §6: only the owner renames, recolours, invites, archives or deletes. */
  async function findOwned(trx: Db, session: SessionContext, projectId: string, action: string) {
    const project = await findVisible(trx, session, projectId);
    if (!isOwnedBy(project, session.workspaceId)) {
      throw forbidden(`Only the project's owner can ${action} it.`);
    }
    return project;
  }

  async function assertUnderProjectLimit(trx: Db, workspaceId: string) {
    const { projectsLimit } = await plans.accessOfWorkspace(trx, workspaceId);
    if (hasReachedLimit(projectsLimit, await repo.countProjects(trx, workspaceId, false))) {
      throw projectLimitReached(projectsLimit!);
    }
  }

  /** Writes a change to a project and bumps every workspace that shows it. */
  async function changeProject(
    project: ProjectRow,
    trx: Db,
    change: (at: string) => Promise<void>,
  ) {
    const at = now();
    await workspacesRepo.bumpVersions(
      trx,
      await workspacesRepo.workspacesShowingProject(trx, project.id),
      at,
    );
    await change(at);
  }

  async function projectView(trx: Db, workspaceId: string, projectId: string) {
    const row = await findVisibleById(trx, workspaceId, projectId);
    const tasks = await tasksRepo.openTasksOfProject(trx, projectId);
    const planned = await plannedRepo.plannedTaskIds(
      trx,
      workspaceId,
      tasks.map((task) => task.id),
    );
    const [counts] = await tasksRepo.taskCountsOfProjects(trx, [projectId]);
    return toProject(
      row,
      workspaceId,
      tasks.map((task) => toTask(task, planned.has(task.id))),
      { open: Number(counts?.open ?? 0), completed: Number(counts?.completed ?? 0) },
    );
  }

  async function findVisibleById(trx: Db, workspaceId: string, projectId: string) {
    const row = await repo.findProjectInWorkspace(trx, projectId, workspaceId);
    if (!row) throw notFound('Project');
    return row;
  }

  return {
    async create(
      session: SessionContext,
      body: {
        workspaceId: string;
        name: string;
        color?: string | undefined;
        asFirst?: boolean | undefined;
      },
    ): Promise<CreateProjectResponse> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return db.transaction().execute(async (trx) => {
        const at = now();
        await workspacesRepo.bumpVersions(trx, [ws], at);
        await assertUnderProjectLimit(trx, ws);
        const color = body.color ?? pickProjectColor(await repo.colorsInWorkspace(trx, ws));
        const projectId = newId();
        await repo.insertProject(trx, {
          id: projectId,
          owner_workspace_id: ws,
          name: body.name,
          color,
          archived_at: null,
          created_at: at,
          updated_at: at,
        });
        const position = body.asFirst
          ? keyBetween(null, await workspacesRepo.edgeProjectPosition(trx, ws, 'first'))
          : keyBetween(await workspacesRepo.edgeProjectPosition(trx, ws, 'last'), null);
        await workspacesRepo.insertMembership(trx, {
          workspace_id: ws,
          project_id: projectId,
          position,
          joined_at: at,
        });
        return {
          workspaceId: ws,
          projectId,
          name: body.name,
          color,
          project: await projectView(trx, ws, projectId),
        };
      });
    },

    async rename(
      session: SessionContext,
      projectId: string,
      body: { workspaceId: string; name: string },
    ) {
      requireOwnWorkspace(session, body.workspaceId);
      return db.transaction().execute(async (trx) => {
        const project = await findOwned(trx, session, projectId, 'rename');
        await changeProject(project, trx, (at) =>
          repo.updateProject(trx, projectId, { name: body.name, updated_at: at }),
        );
        return versionOf(trx, session.workspaceId);
      });
    },

    async setColor(
      session: SessionContext,
      projectId: string,
      body: { workspaceId: string; color: string },
    ) {
      requireOwnWorkspace(session, body.workspaceId);
      return db.transaction().execute(async (trx) => {
        const project = await findOwned(trx, session, projectId, 'recolour');
        await changeProject(project, trx, (at) =>
          repo.updateProject(trx, projectId, { color: body.color, updated_at: at }),
        );
        return versionOf(trx, session.workspaceId);
      });
    },

    /** ARCHITECTURE §5: archiving takes the project's tasks off every planned list. */
    async archive(session: SessionContext, projectId: string, workspaceId?: string) {
      requireOwnWorkspace(session, workspaceId);
      return db.transaction().execute(async (trx) => {
        const project = await findOwned(trx, session, projectId, 'archive');
        if (project.archived_at) return versionOf(trx, session.workspaceId);
        await changeProject(project, trx, async (at) => {
          await repo.updateProject(trx, projectId, { archived_at: at, updated_at: at });
          await plannedRepo.removeProjectFromPlans(trx, projectId);
        });
        return versionOf(trx, session.workspaceId);
      });
    },

    /** spec §4: bringing a project back leaves its open tasks IDLE. */
    async unarchive(session: SessionContext, projectId: string, workspaceId?: string) {
      requireOwnWorkspace(session, workspaceId);
      return db.transaction().execute(async (trx) => {
        const project = await findOwned(trx, session, projectId, 'bring back');
        if (project.archived_at) {
          await assertUnderProjectLimit(trx, session.workspaceId);
          await changeProject(project, trx, async (at) => {
            await repo.updateProject(trx, projectId, { archived_at: null, updated_at: at });
            await plannedRepo.removeProjectFromPlans(trx, projectId);
          });
        }
        return projectView(trx, session.workspaceId, projectId);
      });
    },

    /** ARCHITECTURE §5: removes the project, its tasks, invites and memberships, for everyone. */
    async remove(session: SessionContext, projectId: string) {
      return db.transaction().execute(async (trx) => {
        const project = await findOwned(trx, session, projectId, 'delete');
        await changeProject(project, trx, () => repo.deleteProject(trx, projectId));
        return versionOf(trx, session.workspaceId);
      });
    },

    async listArchived(session: SessionContext, workspaceId: string) {
      const ws = requireOwnWorkspace(session, workspaceId);
      const access = await plans.accessOfWorkspace(db, ws);
      if (!access.archives) {
        throw new AppError(
          403,
          'ARCHIVES_NOT_AVAILABLE',
          'Archived projects are part of Premium. Upgrade to see them.',
        );
      }
      const rows = await repo.listProjectsOfWorkspace(db, ws, true);
      return rows.map((row) => ({ id: row.id, name: row.name, color: row.color }));
    },

    /** spec §4: a drag from old index to new index among the active projects; one row written. */
    async moveProject(
      session: SessionContext,
      workspaceId: string,
      projectId: string,
      index: number,
    ) {
      const ws = requireOwnWorkspace(session, workspaceId);
      return db.transaction().execute(async (trx) => {
        await workspacesRepo.bumpVersions(trx, [ws], now());
        const keys = await workspacesRepo.activeProjectKeys(trx, ws);
        if (!keys.some((key) => key.projectId === projectId)) throw notFound('Project');
        const others = keys.filter((key) => key.projectId !== projectId);
        const at = Math.min(index, others.length);
        const position = keyBetween(others[at - 1]?.position, others[at]?.position);
        await workspacesRepo.setProjectPosition(trx, ws, projectId, position);
        return versionOf(trx, ws);
      });
    },

    async tasksOf(session: SessionContext, projectId: string) {
      return (
        await projectView(db, session.workspaceId, (await findVisible(db, session, projectId)).id)
      ).tasks;
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
