import { pickProjectColor } from '@hustle/shared/colors';
import {
  PROJECT_TASKS_PAGE_SIZE,
  type CreateProjectResponse,
  type Project,
  type ProjectTasksPage,
} from '@hustle/shared/projects';
import type { OkResponse } from '@hustle/shared/tasks';
import type { UndoableResponse } from '@hustle/shared/undo';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import {
  cardTasksOfProject,
  projectTasksPage,
  unplanProjectTasks,
} from '../tasks/tasks.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import {
  addMembership,
  captureRows,
  isIdUsed,
  moveMembership,
  requireOwnWorkspace,
  workspacesShowingProject,
} from '../workspaces/workspaces.service.ts';
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

export function createProjectsService(deps: { db: Db; writes: WritePath; policy: Policy }) {
  const { db, writes, policy } = deps;

  /** The project, if the caller owns it (spec §6: only the owner changes a project). */
  async function findOwned(trx: Db, workspaceId: string, projectId: string) {
    const project = await findVisibleProject(trx, policy, workspaceId, projectId);
    policy.requireOwner(project, workspaceId);
    return project;
  }

  /** Writes a change to a project and records it for every workspace that shows it. */
  async function changeProject(
    uow: UnitOfWork,
    projectId: string,
    changes: Parameters<typeof repo.updateProject>[2],
  ) {
    await repo.updateProject(uow.trx, projectId, { ...changes, updated_at: uow.now });
    uow.changed(await workspacesShowingProject(uow.trx, projectId), 'project', projectId);
  }

  async function projectView(trx: Db, workspaceId: string, projectId: string): Promise<Project> {
    const row = await findVisibleProject(trx, policy, workspaceId, projectId);
    const { tasks, counts } = await cardTasksOfProject(trx, workspaceId, projectId);
    return toProject(row, workspaceId, tasks, counts);
  }

  /**
   * A create naming a client-made id that is used already (decision 021): the same create sent
   * again answers the project as it is now and changes nothing; anything else is refused.
   */
  async function replayOfCreate(
    trx: Db,
    workspaceId: string,
    id: string,
    create: { name: string; color?: string | undefined },
  ): Promise<CreateProjectResponse | null> {
    if (!(await isIdUsed(trx, id))) return null;
    const project = await repo.findProjectInWorkspace(trx, id, workspaceId);
    const isSameCreate =
      project?.owner_workspace_id === workspaceId &&
      project.name === create.name &&
      (create.color === undefined || create.color === project.color);
    if (!project || !isSameCreate) return policy.refuseUsedId();
    return {
      workspaceId,
      projectId: id,
      name: project.name,
      color: project.color ?? '',
      project: await projectView(trx, workspaceId, id),
    };
  }

  return {
    async create(
      session: SessionContext,
      body: {
        workspaceId: string;
        name: string;
        color?: string | undefined;
        asFirst?: boolean | undefined;
        id?: string | undefined;
      },
    ): Promise<CreateProjectResponse> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return writes.run(session, async (uow) => {
        const { trx, now } = uow;
        if (body.id) {
          const replay = await replayOfCreate(trx, ws, body.id, body);
          if (replay) return replay;
        }
        await policy.requireProjectRoom(trx, ws, await countProjectsOf(trx, ws));
        const color = body.color ?? pickProjectColor(await repo.colorsInWorkspace(trx, ws));
        const projectId = body.id ?? newId();
        await repo.insertProject(trx, {
          id: projectId,
          owner_workspace_id: ws,
          name: body.name,
          color,
          archived_at: null,
          created_at: now,
          updated_at: now,
        });
        uow.changed([ws], 'project', projectId);
        await addMembership(uow, ws, projectId, body.asFirst ? 'first' : 'last');
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
    ): Promise<OkResponse> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return writes.run(session, async (uow) => {
        await findOwned(uow.trx, ws, projectId);
        await changeProject(uow, projectId, { name: body.name });
        return uow.ok();
      });
    },

    async setColor(
      session: SessionContext,
      projectId: string,
      body: { workspaceId: string; color: string },
    ): Promise<OkResponse> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return writes.run(session, async (uow) => {
        await findOwned(uow.trx, ws, projectId);
        await changeProject(uow, projectId, { color: body.color });
        return uow.ok();
      });
    },

    /** ARCHITECTURE §5: archiving takes the project's tasks off every planned list. */
    async archive(
      session: SessionContext,
      projectId: string,
      workspaceId?: string,
    ): Promise<UndoableResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      return writes.run(session, async (uow) => {
        const project = await findOwned(uow.trx, ws, projectId);
        if (project.archived_at) return { ...(await uow.ok()), undo: null };
        const before = await captureRows(uow.trx, 'projects', 'id', [projectId]);
        await changeProject(uow, projectId, { archived_at: uow.now });
        const unplanned = await unplanProjectTasks(uow, projectId);
        // Decision 025: the undo brings it back only while it is still this archive.
        const undo = await uow.undoable('archiveProject', {
          rows: { projects: before, planned_tasks: unplanned },
          facts: { archivedAt: uow.now },
        });
        return { ...(await uow.ok()), undo };
      });
    },

    /** spec §4: bringing a project back leaves its open tasks IDLE. */
    async unarchive(
      session: SessionContext,
      projectId: string,
      workspaceId?: string,
    ): Promise<Project> {
      const ws = requireOwnWorkspace(session, workspaceId);
      return writes.run(session, async (uow) => {
        const project = await findOwned(uow.trx, ws, projectId);
        if (project.archived_at) {
          const counts = await countProjectsOf(uow.trx, ws);
          // The archived project itself is among `all` already: it takes no new room there.
          await policy.requireProjectRoom(uow.trx, ws, { ...counts, all: counts.all - 1 });
          await changeProject(uow, projectId, { archived_at: null });
          // Brought back, it shows last, where the web's copy puts it at once (the command table).
          await moveMembership(uow, ws, projectId, Number.MAX_SAFE_INTEGER);
          await unplanProjectTasks(uow, projectId);
        }
        return projectView(uow.trx, ws, projectId);
      });
    },

    /** ARCHITECTURE §5: removes the project, its tasks, invites and memberships, for everyone. */
    async remove(session: SessionContext, projectId: string): Promise<UndoableResponse> {
      return writes.run(session, async (uow) => {
        const { trx } = uow;
        await findOwned(trx, session.workspaceId, projectId);
        const showing = await workspacesShowingProject(trx, projectId);
        // Decision 025: everything the cascade below takes, whole, for the undo.
        const tasks = await captureRows(trx, 'tasks', 'project_id', [projectId]);
        const undo = await uow.undoable('deleteProject', {
          rows: {
            projects: await captureRows(trx, 'projects', 'id', [projectId]),
            workspace_projects: await captureRows(trx, 'workspace_projects', 'project_id', [
              projectId,
            ]),
            tasks,
            planned_tasks: await captureRows(
              trx,
              'planned_tasks',
              'task_id',
              tasks.map((task) => String(task.id)),
            ),
            invites: await captureRows(trx, 'invites', 'project_id', [projectId]),
          },
        });
        await repo.deleteProject(trx, projectId);
        // Its tasks, planned rows and memberships go with it (foreign keys cascade).
        uow.changed(showing, 'project', projectId, 'delete');
        return { ...(await uow.ok()), undo };
      });
    },

    async listArchived(session: SessionContext, workspaceId: string) {
      const ws = requireOwnWorkspace(session, workspaceId);
      await policy.requireArchives(db, ws);
      const rows = await repo.listProjectsOfWorkspace(db, ws, true);
      return rows.map((row) => ({ id: row.id, name: row.name, color: row.color }));
    },

    async moveProject(
      session: SessionContext,
      workspaceId: string,
      projectId: string,
      index: number,
    ): Promise<OkResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      return writes.run(session, async (uow) => {
        await moveMembership(uow, ws, projectId, index);
        return uow.ok();
      });
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
