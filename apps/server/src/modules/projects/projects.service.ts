import {
  PROJECT_TASKS_PAGE_SIZE,
  type Project,
  type ProjectTasksPage,
} from '@hustle/shared/projects';
import type { Db } from '../../db/database.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import { cardTasksOfProject, projectTasksPage } from '../tasks/tasks.service.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import { requireOwnWorkspace, workspacesShowingProject } from '../workspaces/workspaces.service.ts';
import { toProject, type ProjectRow } from './project-view.ts';
import * as repo from './projects.repository.ts';

/** The project as the workspace sees it; one it cannot see is 404 (ARCHITECTURE §4). */
export async function findVisibleProject(
  trx: Db,
  policy: Policy,
  workspaceId: string,
  projectId: string,
): Promise<ProjectRow> {
  return policy.requireVisible(await repo.findProjectInWorkspace(trx, projectId, workspaceId));
}

/** The project as the workspace sees it, or nothing: for callers that answer their own 404. */
export const findProjectSeenFrom = (trx: Db, workspaceId: string, projectId: string) =>
  repo.findProjectInWorkspace(trx, projectId, workspaceId);

/** Active and all projects of a workspace, for the plan limit and the cap. */
export async function countProjectsOf(trx: Db, workspaceId: string) {
  const [active, archived] = await Promise.all([
    repo.countProjects(trx, workspaceId, false),
    repo.countProjects(trx, workspaceId, true),
  ]);
  return { active, all: active + archived };
}

/** The colours of the projects a workspace shows, so a new one can differ from them. */
export const projectColorsOf = (trx: Db, workspaceId: string) =>
  repo.colorsInWorkspace(trx, workspaceId);

/** The workspace's projects in its own order, active or archived, with who owns each. */
export const listProjects = (trx: Db, workspaceId: string, archived: boolean) =>
  repo.listProjectsOfWorkspace(trx, workspaceId, archived);

/**
 * Undoing an archive (decision 025): the project is active again, for everyone who sees it. The
 * undo puts the planned rows back itself, exactly as they were, instead of leaving tasks IDLE.
 */
export async function reverseArchive(uow: UnitOfWork, projectId: string): Promise<void> {
  await repo.updateProject(uow.trx, projectId, { archived_at: null, updated_at: uow.now });
  uow.changed(await workspacesShowingProject(uow.trx, projectId), 'project', projectId);
}

/** The project, if the caller owns it (spec §6: only the owner changes a project). */
export async function findOwned(trx: Db, policy: Policy, workspaceId: string, projectId: string) {
  const project = await findVisibleProject(trx, policy, workspaceId, projectId);
  policy.requireOwner(project, workspaceId);
  return project;
}

/** Writes a change to a project and records it for every workspace that shows it. */
export async function changeProject(
  uow: UnitOfWork,
  projectId: string,
  changes: Parameters<typeof repo.updateProject>[2],
) {
  await repo.updateProject(uow.trx, projectId, { ...changes, updated_at: uow.now });
  uow.changed(await workspacesShowingProject(uow.trx, projectId), 'project', projectId);
}

/** The project as the workspace answer shows it: its card's tasks and its counts. */
export async function projectView(
  trx: Db,
  policy: Policy,
  workspaceId: string,
  projectId: string,
): Promise<Project> {
  const row = await findVisibleProject(trx, policy, workspaceId, projectId);
  const { tasks, counts } = await cardTasksOfProject(trx, workspaceId, projectId);
  return toProject(row, workspaceId, tasks, counts);
}

export function createProjectsService(deps: { db: Db; policy: Policy }) {
  const { db, policy } = deps;
  return {
    async listArchived(session: SessionContext, workspaceId: string) {
      const ws = requireOwnWorkspace(session, workspaceId);
      await policy.requireArchives(db, ws);
      const rows = await repo.listProjectsOfWorkspace(db, ws, true);
      return rows.map((row) => ({ id: row.id, name: row.name, color: row.color }));
    },

    /**
     * A page of the project's tasks, open ones first, completed ones with `done` and
     * `completedAt` (decision 035): the first without `after`, at most a page whatever `limit`.
     */
    async tasksPage(
      session: SessionContext,
      projectId: string,
      page: { after?: string | undefined; limit?: number | undefined } = {},
    ): Promise<ProjectTasksPage> {
      await findVisibleProject(db, policy, session.workspaceId, projectId);
      return projectTasksPage(db, session.workspaceId, projectId, {
        after: page.after ?? null,
        limit: Math.min(page.limit ?? PROJECT_TASKS_PAGE_SIZE, PROJECT_TASKS_PAGE_SIZE),
      });
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
