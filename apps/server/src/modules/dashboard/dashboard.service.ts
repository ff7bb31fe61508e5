import { LIMITS } from '@hustle/shared/constants';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { PlanService } from '../billing/plan.service.ts';
import { toProject } from '../projects/project-view.ts';
import * as projectsRepo from '../projects/projects.repository.ts';
import * as tasksRepo from '../tasks/tasks.repository.ts';
import { byPosition, toTask } from '../tasks/task-view.ts';
import * as workspacesRepo from '../workspaces/workspaces.repository.ts';
import { requireOwnWorkspace } from '../workspaces/require-workspace.ts';

/**
 * The read side: everything the Plan and Execute screens show in one answer (spec §7
 * GET /workspaces/{id}) and the version the client compares to know when to ask again.
 */
export function createDashboardService(deps: { db: Db; plans: PlanService }) {
  const { db, plans } = deps;

  return {
    async getWorkspace(session: SessionContext, workspaceId: string): Promise<WorkspaceResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      return db.transaction().execute(async (trx) => {
        const version = await workspacesRepo.findVersion(trx, ws);
        if (!version) throw notFound('Workspace');
        const projects = await projectsRepo.listProjectsOfWorkspace(trx, ws, false);
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
      const version = await workspacesRepo.findVersion(db, session.workspaceId);
      if (!version) throw notFound('Workspace');
      return version;
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
