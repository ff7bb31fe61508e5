import type { Project } from '@hustle/shared/projects';
import { SYNC_PAGE_MAX, type SyncResponse } from '@hustle/shared/sync';
import type { Db } from '../../db/database.ts';
import type { TasksTable } from '../../db/schema.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { PlanService } from '../billing/plan.service.ts';
import { automationsOfWorkspace } from '../automations/automations.service.ts';
import {
  asAutomationTask,
  listCounts,
  marksOfList,
  plannedList,
  type PlanMarks,
  projectEntries,
  viewTasks,
} from '../dashboard/dashboard.service.ts';
import { countProjectsOf, listProjects } from '../projects/projects.service.ts';
import type { EnsureCarriedOver } from '../tasks/days.service.ts';
import { findTasks } from '../tasks/tasks.service.ts';
import { readDayReview } from '../day-reviews/day-reviews.service.ts';
import { readFocus } from '../focus/focus.service.ts';
import { changesSince, type ChangeRow } from '../workspaces/workspaces.service.ts';

/** What a page of change rows names, by kind; every id is looked up as it is now. */
function namedIn(changes: ChangeRow[]) {
  const named = {
    projects: new Set<string>(),
    tasks: new Set<string>(),
    automations: new Set<string>(),
    projectListChanged: false,
    plannedListChanged: false,
    accountChanged: false,
    inexpressible: false,
  };
  for (const change of changes) {
    switch (change.entity) {
      case 'project':
      case 'membership':
        named.projects.add(change.entityId);
        named.projectListChanged = true;
        break;
      case 'task':
        named.tasks.add(change.entityId);
        break;
      case 'planned':
        named.tasks.add(change.entityId);
        named.plannedListChanged = true;
        break;
      case 'automation':
        named.automations.add(change.entityId);
        break;
      // The share dialog reads its invite link when it opens; the copy holds none. Signed-in
      // devices are read by the account screen; the copy holds none either.
      case 'invite':
      case 'session':
        break;
      case 'workspace':
        named.inexpressible = true;
        break;
      // The account's features changed (decision 057): the client reads its session again.
      case 'account':
        named.accountChanged = true;
        break;
      // Every page carries the timer and the newest finished day as they are now (one index
      // step each), so nothing to name.
      case 'focus':
      case 'review':
        break;
    }
  }
  return named;
}

/**
 * The project each changed project task is in, for those its project's entry does not carry
 * (beyond its card, decision 089): one per task the page names, so as bounded as the page.
 */
function homesNotSent(rows: TasksTable[], projects: Project[]) {
  const sent = new Set(projects.flatMap((project) => project.tasks.map((task) => task.id)));
  return rows.flatMap((row) =>
    row.project_id && !sent.has(row.id) ? [{ id: row.id, projectId: row.project_id }] : [],
  );
}

/**
 * The changed tasks by the list that shows them, and those no list shows any more. A project
 * task names its project, whose entry goes out whole.
 */
function sortTaskRows(
  rows: TasksTable[],
  ws: string,
  plannedIds: PlanMarks,
  named: { tasks: Set<string>; projects: Set<string> },
) {
  const removedTasks = new Set(named.tasks);
  const inbox: TasksTable[] = [];
  const automationTasks: TasksTable[] = [];
  const projectTasks: TasksTable[] = [];
  for (const row of rows) {
    if (row.project_id) {
      named.projects.add(row.project_id);
      removedTasks.delete(row.id);
      projectTasks.push(row);
    } else if (row.workspace_id === ws && (!row.completed_at || plannedIds.has(row.id))) {
      (row.automation_id ? automationTasks : inbox).push(row);
      removedTasks.delete(row.id);
    }
  }
  return { inbox, automationTasks, projectTasks, removedTasks };
}

/** One page of changes after `since`, read in the transaction `trx`. */
async function changesPage(
  trx: Db,
  plans: PlanService,
  ws: string,
  since: number,
  pageSize: number,
): Promise<SyncResponse> {
  const page = await changesSince(trx, ws, since, pageSize);
  if (page.kind === 'snapshot') return { ...page, workspaceId: ws };
  const named = namedIn(page.changes);
  if (named.inexpressible) {
    return {
      kind: 'snapshot',
      workspaceId: ws,
      version: page.version,
      reason: 'not-expressible',
    };
  }

  const [taskRows, planned, active, projectCounts, access, automationRules, counts, focus, review] =
    await Promise.all([
      findTasks(trx, [...named.tasks]),
      plannedList(trx, ws),
      listProjects(trx, ws, false),
      countProjectsOf(trx, ws),
      plans.accessOfWorkspace(trx, ws),
      automationsOfWorkspace(trx, ws, [...named.automations]),
      listCounts(trx, ws),
      readFocus(trx, ws),
      readDayReview(trx, ws),
    ]);
  const plannedIds = new Map(marksOfList(planned));
  const { inbox, automationTasks, projectTasks, removedTasks } = sortTaskRows(
    taskRows,
    ws,
    plannedIds,
    named,
  );

  const changedProjects = active.filter((project) => named.projects.has(project.id));
  const shown = new Set(changedProjects.map((project) => project.id));
  const removedProjects = [...named.projects].filter((id) => !shown.has(id));
  const removedRules = new Set(named.automations);
  for (const rule of automationRules) removedRules.delete(rule.id);

  const projects = await projectEntries(trx, ws, changedProjects, planned);
  return {
    kind: 'changes',
    workspaceId: ws,
    version: page.version,
    more: page.more,
    access,
    archivedProjectsCount: projectCounts.all - projectCounts.active,
    projects,
    projectOrder:
      named.projectListChanged || removedProjects.length > 0
        ? active.map((project) => project.id)
        : null,
    tasks: viewTasks(inbox, plannedIds),
    automations: viewTasks(automationTasks, plannedIds).map(asAutomationTask),
    taskHomes: homesNotSent(projectTasks, projects),
    ...counts,
    // A deleted project takes its planned rows with it, unlogged (they cascade).
    plannedTasks:
      named.plannedListChanged || removedProjects.length > 0
        ? planned.map((task) => task.id)
        : null,
    automationRules,
    ...(named.accountChanged ? { accountChanged: true as const } : {}),
    focus,
    dayReview: review,
    removed: {
      projects: removedProjects,
      tasks: [...removedTasks],
      automationRules: [...removedRules],
    },
  };
}

/**
 * Incremental sync (ARCHITECTURE §7, decision 020): the changes to the caller's workspace after a
 * version, each as the entity is now, so a client's copy of the workspace answer catches up
 * without reading it whole. Every change a workspace shows is logged under its own version (the
 * write path logs a shared project's changes in each member's workspace), so the caller's own
 * version is the whole cursor. State is read now, not as of the page: a later page or sync may
 * send an entity again, never an older state of it.
 */
export function createSyncService(deps: {
  db: Db;
  plans: PlanService;
  ensureCarriedOver: EnsureCarriedOver;
}) {
  const { db, plans, ensureCarriedOver } = deps;

  return {
    async changesSince(
      session: SessionContext,
      since: number,
      pageSize = SYNC_PAGE_MAX,
    ): Promise<SyncResponse> {
      const ws = session.workspaceId;
      // A day that ended since the last sync carries over first, so its moves come in this page.
      await ensureCarriedOver(ws);
      return db.transaction().execute((trx) => changesPage(trx, plans, ws, since, pageSize));
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
