import { LIMITS } from '@hustle/shared/constants';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { PlanService } from '../billing/plan.service.ts';
import { toProject } from '../projects/project-view.ts';
import * as projectsRepo from '../projects/projects.repository.ts';
import * as tasksRepo from '../tasks/tasks.repository.ts';
import { byPosition, toTask } from '../tasks/task-view.ts';
import * as repo from './workspaces.repository.ts';
import { requireOwnWorkspace } from './require-workspace.ts';

export function createWorkspacesService(deps: { db: Db; clock: Clock; plans: PlanService }) {
  const { db, clock, plans } = deps;

  return {
    async getWorkspace(session: SessionContext, workspaceId: string): Promise<WorkspaceResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      return db.transaction().execute(async (trx) => {
        const version = await repo.findVersion(trx, ws);
        if (!version) throw notFound('Workspace');
        const projects = await repo.listWorkspaceProjects(trx, ws, false);
        const projectIds = projects.map((project) => project.id);
        const [firstOpen, counts, planned, inbox, automation, archivedProjectsCount, access] =
          await Promise.all([
            tasksRepo.firstOpenTasksOfProjects(trx, projectIds, LIMITS.projectCardOpenTasks),
            tasksRepo.taskCountsOfProjects(trx, projectIds),
            tasksRepo.plannedListTasks(trx, ws),
            tasksRepo.openInboxTasks(trx, ws),
            tasksRepo.openAutomationTasks(trx, ws),
            projectsRepo.countProjects(trx, ws, true),
            plans.accessOfWorkspace(trx, ws),
          ]);
        const plannedIds = new Set(planned.map((task) => task.id));
        const countsByProject = new Map(
          counts.map((row) => [
            row.project_id,
            { open: Number(row.open), completed: Number(row.completed) },
          ]),
        );

        // Each list: its open rows plus the rows the Execute list needs, once each, in order.
        const tasksByProject = new Map<string, tasksRepo.TaskRow[]>();
        const inboxRows = new Map<string, tasksRepo.TaskRow>(inbox.map((task) => [task.id, task]));
        const automationRows = new Map<string, tasksRepo.TaskRow>(
          automation.map((task) => [task.id, task]),
        );
        for (const task of [...firstOpen, ...planned]) {
          if (task.project_id) {
            const list = tasksByProject.get(task.project_id) ?? [];
            if (!list.some((existing) => existing.id === task.id)) list.push(task);
            tasksByProject.set(task.project_id, list);
          } else if (task.automation_id) {
            automationRows.set(task.id, task);
          } else {
            inboxRows.set(task.id, task);
          }
        }
        const view = (rows: Iterable<tasksRepo.TaskRow>) =>
          [...rows].sort(byPosition).map((row) => toTask(row, plannedIds.has(row.id)));

        return {
          workspaceId: ws,
          version: version.version,
          access,
          projects: projects.map((project) =>
            toProject(
              project,
              ws,
              view(tasksByProject.get(project.id) ?? []),
              countsByProject.get(project.id) ?? { open: 0, completed: 0 },
            ),
          ),
          tasks: view(inboxRows.values()),
          plannedTasks: planned.map((task) => task.id),
          automations: view(automationRows.values()).map((task) => ({
            ...task,
            automationId: task.automationId ?? '',
            origin: 'automation' as const,
          })),
          archivedProjectsCount,
        };
      });
    },

    async getVersion(session: SessionContext) {
      const version = await repo.findVersion(db, session.workspaceId);
      if (!version) throw notFound('Workspace');
      return version;
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
      const rows = await repo.listWorkspaceProjects(db, ws, true);
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
        await repo.bumpVersions(trx, [ws], clock.now().toISOString());
        const keys = await repo.activeProjectKeys(trx, ws);
        if (!keys.some((key) => key.projectId === projectId)) throw notFound('Project');
        const others = keys.filter((key) => key.projectId !== projectId);
        const at = Math.min(index, others.length);
        const position = keyBetween(others[at - 1]?.position, others[at]?.position);
        await repo.setProjectPosition(trx, ws, projectId, position);
        return versionOf(trx, ws);
      });
    },
  };
}

export async function versionOf(db: Db, workspaceId: string) {
  const version = await repo.findVersion(db, workspaceId);
  return { ok: true as const, version: version?.version ?? 0 };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
