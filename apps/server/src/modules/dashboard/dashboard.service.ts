import { LIMITS } from '@hustle/shared/constants';
import type { Project } from '@hustle/shared/projects';
import type { Task } from '@hustle/shared/tasks';
import {
  pageCursor,
  WORKSPACE_PAGE_SIZE,
  type AutomationTask,
  type WorkspaceList,
  type WorkspacePage,
  type WorkspaceResponse,
} from '@hustle/shared/workspace';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { PlanService } from '../billing/plan.service.ts';
import type { TasksTable } from '../../db/schema.ts';
import type { PageStart } from '../../db/task-columns.ts';
import { toProject, type ProjectRow } from '../projects/project-view.ts';
import { countProjectsOf, listProjects } from '../projects/projects.service.ts';
import { readDayReview } from '../day-reviews/day-reviews.service.ts';
import { readFocus } from '../focus/focus.service.ts';
import { daySettingsOf, versionAndZoneOf, type EnsureCarriedOver } from '../tasks/days.service.ts';
import { byPosition, planMarkOf, toTask, type PlanMark } from '../tasks/task-view.ts';
import { taskCountsOfProjects } from '../tasks/tasks.service.ts';
import type { VersionFeed } from '../workspaces/version-feed.ts';
import { currentVersion, requireOwnWorkspace } from '../workspaces/workspaces.service.ts';
import * as repo from './dashboard.repository.ts';

/** The workspace's Execute list, in order: planned tasks and completed ones not yet hidden. */
export const plannedList = (trx: Db, workspaceId: string) =>
  repo.plannedListTasks(trx, workspaceId);
type PlannedRow = Awaited<ReturnType<typeof plannedList>>[number];

/** Open and completed tasks on the Execute list, and open inbox tasks (decision 029). */
export async function listCounts(trx: Db, workspaceId: string) {
  const [plannedCounts, inboxOpenCount] = await Promise.all([
    repo.countPlannedList(trx, workspaceId),
    repo.countOpenInboxTasks(trx, workspaceId),
  ]);
  return { plannedCounts, inboxOpenCount };
}

/** The places of tasks on the workspace's planned list, by task id. */
export type PlanMarks = Map<string, PlanMark>;

/** Task rows as the workspace shows them, in their list's order. */
export const viewTasks = (rows: Iterable<TasksTable>, plans: PlanMarks): Task[] =>
  [...rows].sort(byPosition).map((row) => toTask(row, plans.get(row.id) ?? null));

/** The plan marks of rows of the planned list itself. */
export const marksOfList = (rows: PlannedRow[]): [string, PlanMark][] =>
  rows.map((row) => [row.id, { day: row.planned_day, carried: Number(row.planned_carried) }]);

export const asAutomationTask = (task: Task): AutomationTask => ({
  ...task,
  automationId: task.automationId ?? '',
  origin: 'automation',
});

/** A row that says whether its task is on the Execute list, and for which day. */
type FlaggedRow = TasksTable & Parameters<typeof planMarkOf>[0];

/** The plan marks of the flagged rows whose task is on the Execute list. */
const plannedAmong = (rows: FlaggedRow[]): [string, PlanMark][] =>
  rows.flatMap((row) => {
    const mark = planMarkOf(row);
    return mark === null ? [] : [[row.id, mark] as [string, PlanMark]];
  });

/**
 * Active projects as the workspace answer shows them: each with its first open tasks (the card)
 * and its tasks among the given rows of the Execute list, and its counts.
 */
export async function projectEntries(
  trx: Db,
  workspaceId: string,
  projects: ProjectRow[],
  planned: PlannedRow[],
): Promise<Project[]> {
  const projectIds = projects.map((project) => project.id);
  const [firstOpen, countsByProject] = await Promise.all([
    repo.firstOpenTasksOfProjects(trx, workspaceId, projectIds, LIMITS.projectCardOpenTasks),
    taskCountsOfProjects(trx, workspaceId, projectIds),
  ]);
  const plannedIds: PlanMarks = new Map([...marksOfList(planned), ...plannedAmong(firstOpen)]);
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

/** Reads one more row than a page holds, to know whether another page follows. */
function pageOf<Row extends { id: string }>(
  rows: Row[],
  positionOf: (row: Row) => string,
): { rows: Row[]; next: string | null } {
  if (rows.length <= WORKSPACE_PAGE_SIZE) return { rows, next: null };
  const page = rows.slice(0, WORKSPACE_PAGE_SIZE);
  const last = page[page.length - 1]!;
  return { rows: page, next: pageCursor(positionOf(last), last.id) };
}

/** A cursor as the query takes it (the contract has checked its form). */
function pageStart(cursor: string): PageStart {
  const at = cursor.lastIndexOf('.');
  return { position: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

/** Each row of the Execute list under its own list: projects, inbox, automations. */
function splitByList(rows: Iterable<TasksTable>) {
  const project: TasksTable[] = [];
  const inbox: TasksTable[] = [];
  const automation: TasksTable[] = [];
  for (const row of rows) {
    if (row.project_id) project.push(row);
    else if (row.automation_id) automation.push(row);
    else inbox.push(row);
  }
  return { project, inbox, automation };
}

/** The workspace answer at `version`, read in the caller's transaction. */
async function workspaceAnswer(
  trx: Db,
  plans: PlanService,
  ws: string,
  version: number,
): Promise<WorkspaceResponse> {
  const projects = await listProjects(trx, ws, false);
  const [plannedRows, inboxRows, automation, projectCounts, access, counts, days, focus, review] =
    await Promise.all([
      repo.plannedListPage(trx, ws, WORKSPACE_PAGE_SIZE + 1, null),
      repo.openInboxTasks(trx, ws, WORKSPACE_PAGE_SIZE + 1, null),
      repo.openAutomationTasks(trx, ws),
      countProjectsOf(trx, ws),
      plans.accessOfWorkspace(trx, ws),
      listCounts(trx, ws),
      daySettingsOf(trx, ws),
      readFocus(trx, ws),
      readDayReview(trx, ws),
    ]);
  const planned = pageOf(plannedRows, (row) => row.planned_position);
  const inbox = pageOf(inboxRows, (row) => row.position);
  const plannedIds: PlanMarks = new Map([
    ...marksOfList(planned.rows),
    ...plannedAmong(inbox.rows),
    ...plannedAmong(automation),
  ]);

  // Each list: its open rows plus the rows the Execute list's page needs, once each.
  const inboxById = new Map<string, TasksTable>(inbox.rows.map((task) => [task.id, task]));
  const automationById = new Map<string, TasksTable>(automation.map((task) => [task.id, task]));
  const onList = splitByList(planned.rows);
  for (const task of onList.inbox) inboxById.set(task.id, task);
  for (const task of onList.automation) automationById.set(task.id, task);

  return {
    workspaceId: ws,
    version,
    access,
    projects: await projectEntries(trx, ws, projects, planned.rows),
    tasks: viewTasks(inboxById.values(), plannedIds),
    plannedTasks: planned.rows.map((task) => task.id),
    automations: viewTasks(automationById.values(), plannedIds).map(asAutomationTask),
    archivedProjectsCount: projectCounts.all - projectCounts.active,
    days,
    ...counts,
    more: { planned: planned.next, inbox: inbox.next },
    focus,
    dayReview: review,
  };
}

/**
 * The read side: what the Plan and Execute screens show in one answer (spec §7
 * GET /workspaces/{id}, bounded by decision 029: the first page of the Execute list and of the
 * inbox, the rest by page), and the version the client compares to know when to ask again.
 */
/** Reads the caller's workspace version row, or undefined once it is gone. */
const versionRow = (db: Db, session: SessionContext) => async () =>
  (await currentVersion(db, session.workspaceId)) ?? undefined;

export function createDashboardService(deps: {
  db: Db;
  plans: PlanService;
  ensureCarriedOver: EnsureCarriedOver;
  versions: Pick<VersionFeed, 'keptVersion'>; // kept on PostgreSQL (decision 081)
}) {
  const { db, plans, ensureCarriedOver, versions } = deps;

  return {
    async getWorkspace(session: SessionContext, workspaceId: string): Promise<WorkspaceResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      await ensureCarriedOver(ws);
      return db.transaction().execute(async (trx) => {
        const version = await currentVersion(trx, ws);
        if (!version) throw notFound('Workspace');
        return workspaceAnswer(trx, plans, ws, version.version);
      });
    },

    /** The page of a long list after `after` (decision 029). */
    async getPage(
      session: SessionContext,
      workspaceId: string,
      list: WorkspaceList,
      after: string,
    ): Promise<WorkspacePage> {
      const ws = requireOwnWorkspace(session, workspaceId);
      await ensureCarriedOver(ws);
      const start = pageStart(after);
      if (list === 'inbox') {
        const inbox = pageOf(
          await repo.openInboxTasks(db, ws, WORKSPACE_PAGE_SIZE + 1, start),
          (row) => row.position,
        );
        return {
          list,
          plannedTasks: [],
          projectTasks: [],
          tasks: viewTasks(inbox.rows, new Map(plannedAmong(inbox.rows))),
          automations: [],
          next: inbox.next,
        };
      }
      const planned = pageOf(
        await repo.plannedListPage(db, ws, WORKSPACE_PAGE_SIZE + 1, start),
        (row) => row.planned_position,
      );
      const plannedIds: PlanMarks = new Map(marksOfList(planned.rows));
      const onList = splitByList(planned.rows);
      return {
        list,
        plannedTasks: planned.rows.map((task) => task.id),
        projectTasks: viewTasks(onList.project, plannedIds),
        tasks: viewTasks(onList.inbox, plannedIds),
        automations: viewTasks(onList.automation, plannedIds).map(asAutomationTask),
        next: planned.next,
      };
    },

    /**
     * The workspace answer's entity tag: its version and the plan's access (which changes with
     * time, not with writes). Taken before the answer is built, so a write in between can only
     * make the tag older than the answer, never newer: the next check then fetches again.
     */
    async workspaceTag(session: SessionContext, workspaceId: string): Promise<string> {
      const ws = requireOwnWorkspace(session, workspaceId);
      const [found, access] = await Promise.all([
        versionAndZoneOf(db, ws),
        plans.accessOfWorkspace(db, ws),
      ]);
      if (!found) throw notFound('Workspace');
      // A day that ended changes the answer: carried over first, it bumps the version.
      const version = (await ensureCarriedOver(ws, found)) ? await versionAndZoneOf(db, ws) : found;
      if (!version) throw notFound('Workspace');
      const accessKey = [
        access.archives ? 'a' : '',
        access.projectSharing ? 's' : '',
        access.projectsLimit ?? '',
        access.automationsLimit ?? '',
        // Signing in from another time zone sets it without a new version.
        version.timezone,
      ].join('.');
      return `W/"${version.version}-${accessKey}"`;
    },

    async getVersion(session: SessionContext) {
      const version = await versions.keptVersion(session.workspaceId, versionRow(db, session));
      if (!version) throw notFound('Workspace');
      return version;
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
