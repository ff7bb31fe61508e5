import { LIMITS } from '@hustle/shared/constants';
import type { Project } from '@hustle/shared/projects';
import type { Task } from '@hustle/shared/tasks';
import type { AutomationTask, WorkspaceResponse } from '@hustle/shared/workspace';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { PlanService } from '../billing/plan.service.ts';
import type { TasksTable } from '../../db/schema.ts';
import { toProject, type ProjectRow } from '../projects/project-view.ts';
import { countProjectsOf, listProjects } from '../projects/projects.service.ts';
import { byPosition, toTask } from '../tasks/task-view.ts';
import { taskCountsOfProjects } from '../tasks/tasks.service.ts';
import { currentVersion, requireOwnWorkspace } from '../workspaces/workspaces.service.ts';
import * as repo from './dashboard.repository.ts';

/** The workspace's Execute list, in order: planned tasks and completed ones not yet hidden. */
export const plannedList = (trx: Db, workspaceId: string) =>
  repo.plannedListTasks(trx, workspaceId);
type PlannedRow = Awaited<ReturnType<typeof plannedList>>[number];

/** Task rows as the workspace shows them, in their list's order. */
export const viewTasks = (rows: Iterable<TasksTable>, plannedIds: Set<string>): Task[] =>
  [...rows].sort(byPosition).map((row) => toTask(row, plannedIds.has(row.id)));

export const asAutomationTask = (task: Task): AutomationTask => ({
  ...task,
  automationId: task.automationId ?? '',
  origin: 'automation',
});

/**
 * Active projects as the workspace answer shows them: each with its first open tasks (the card)
 * and the tasks of the workspace's Execute list, and its counts.
 */
export async function projectEntries(
  trx: Db,
  workspaceId: string,
  projects: ProjectRow[],
  planned: PlannedRow[],
): Promise<Project[]> {
  const projectIds = projects.map((project) => project.id);
  const [firstOpen, countsByProject] = await Promise.all([
    repo.firstOpenTasksOfProjects(trx, projectIds, LIMITS.projectCardOpenTasks),
    taskCountsOfProjects(trx, projectIds),
  ]);
  const plannedIds = new Set(planned.map((task) => task.id));
  const tasksByProject = new Map<string, Map<string, TasksTable>>();
  for (const task of [...firstOpen, ...planned]) {
    if (!task.project_id) continue;
    const list = tasksByProject.get(task.project_id) ?? new Map<string, TasksTable>();
    list.set(task.id, task);
    tasksByProject.set(task.project_id, list);
  }
  return projects.map((project) =>
    toProject(
      project,
      workspaceId,
      viewTasks(tasksByProject.get(project.id)?.values() ?? [], plannedIds),
      countsByProject.get(project.id) ?? { open: 0, completed: 0 },
    ),
  );
}

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
        const version = await currentVersion(trx, ws);
        if (!version) throw notFound('Workspace');
        const projects = await listProjects(trx, ws, false);
        const [planned, inbox, automation, projectCounts, access] = await Promise.all([
          plannedList(trx, ws),
          repo.openInboxTasks(trx, ws),
          repo.openAutomationTasks(trx, ws),
          countProjectsOf(trx, ws),
          plans.accessOfWorkspace(trx, ws),
        ]);
        const archivedProjectsCount = projectCounts.all - projectCounts.active;
        const plannedIds = new Set(planned.map((task) => task.id));

        // Each list: its open rows plus the rows the Execute list needs, once each, in order.
        const inboxRows = new Map<string, TasksTable>(inbox.map((task) => [task.id, task]));
        const automationRows = new Map<string, TasksTable>(
          automation.map((task) => [task.id, task]),
        );
        for (const task of planned) {
          if (task.project_id) continue;
          if (task.automation_id) automationRows.set(task.id, task);
          else inboxRows.set(task.id, task);
        }

        return {
          workspaceId: ws,
          version: version.version,
          access,
          projects: await projectEntries(trx, ws, projects, planned),
          tasks: viewTasks(inboxRows.values(), plannedIds),
          plannedTasks: planned.map((task) => task.id),
          automations: viewTasks(automationRows.values(), plannedIds).map(asAutomationTask),
          archivedProjectsCount,
        };
      });
    },

    /**
     * The workspace answer's entity tag: its version and the plan's access (which changes with
     * time, not with writes). Taken before the answer is built, so a write in between can only
     * make the tag older than the answer, never newer: the next check then fetches again.
     */
    async workspaceTag(session: SessionContext, workspaceId: string): Promise<string> {
      const ws = requireOwnWorkspace(session, workspaceId);
      const [version, access] = await Promise.all([
        currentVersion(db, ws),
        plans.accessOfWorkspace(db, ws),
      ]);
      if (!version) throw notFound('Workspace');
      const accessKey = [
        access.archives ? 'a' : '',
        access.projectSharing ? 's' : '',
        access.projectsLimit ?? '',
        access.automationsLimit ?? '',
      ].join('.');
      return `W/"${version.version}-${accessKey}"`;
    },

    async getVersion(session: SessionContext) {
      const version = await currentVersion(db, session.workspaceId);
      if (!version) throw notFound('Workspace');
      return version;
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
