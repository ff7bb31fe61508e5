import { LIMITS } from '@hustle/shared/constants';
import type { Task } from '@hustle/shared/tasks';
import { projectTasksCursor, type ProjectTasksPage } from '@hustle/shared/projects';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import { workspacesShowingProject } from '../workspaces/workspaces.service.ts';
import * as daysRepo from './days.repository.ts';
import * as plannedRepo from './planned.repository.ts';
import * as repo from './tasks.repository.ts';
import { todayAndListEnd } from './days.service.ts';
import { byPosition, planMarkOf, toTask } from './task-view.ts';

type Home = { projectId: string } | { workspaceId: string };

/** Every workspace that shows the task: its project's members, or its own workspace. */
export async function workspacesShowing(
  trx: Db,
  task: { project_id: string | null; workspace_id: string | null },
): Promise<string[]> {
  return task.project_id ? workspacesShowingProject(trx, task.project_id) : [task.workspace_id!];
}

/**
 * Puts a task at the end of a workspace's Execute list (new planned tasks go last, spec §2),
 * planned for `day`, or for today there without one (issue 29); answers the day.
 */
export async function appendToPlannedList(
  uow: UnitOfWork,
  workspaceId: string,
  taskId: string,
  day?: string,
): Promise<string> {
  const { trx } = uow;
  const end =
    day === undefined
      ? await todayAndListEnd(trx, workspaceId, uow.now)
      : { today: day, last: await plannedRepo.edgePlannedPosition(trx, workspaceId, 'last') };
  await plannedRepo.insertPlanned(trx, workspaceId, taskId, keyBetween(end.last, null), end.today);
  uow.changed([workspaceId], 'planned', taskId);
  return end.today;
}

/** Where a task stands on a workspace's Execute list, as its lookup there read it. */
export interface PlannedPlace {
  position: string;
  day: string;
}

/** The place a task looked up for a workspace (`findVisible`) has on that workspace's list. */
export const placeOf = (task: VisibleTask): PlannedPlace | null =>
  task.planned_task_id === null
    ? null
    : { position: task.planned_position ?? '', day: task.planned_day ?? '' };

/**
 * Plans a task for a day in a workspace (issue 29): a task not on the list (`planned` null) goes
 * at its end, one on another day moves to the end, so last on its new day; one already on that
 * day stays. The caller has checked the task is open and the day not gone by (planning for a
 * day, finishing one), and passes where the task stands now.
 */
export async function planOnDay(
  uow: UnitOfWork,
  workspaceId: string,
  task: { id: string; planned: PlannedPlace | null },
  day: string,
): Promise<void> {
  const { planned } = task;
  if (!planned) {
    await appendToPlannedList(uow, workspaceId, task.id, day);
    return;
  }
  if (planned.day === day) return;
  const last = await plannedRepo.edgePlannedPosition(uow.trx, workspaceId, 'last');
  const position = last === planned.position ? last : keyBetween(last, null);
  await daysRepo.setPlannedDay(uow.trx, workspaceId, task.id, { day, carried: 0, position });
  uow.changed([workspaceId], 'planned', task.id);
}

/** Takes a task off a workspace's Execute list: back to planning (spec §4 IDLE). */
export async function takeOffPlannedList(
  uow: UnitOfWork,
  workspaceId: string,
  taskId: string,
): Promise<void> {
  await plannedRepo.removePlanned(uow.trx, workspaceId, taskId);
  uow.changed([workspaceId], 'planned', taskId, 'delete');
}

/** How many tasks a list holds, and the position of its last one (bulk import appends after it). */
export const countTasksIn = (trx: Db, home: Home) => repo.countTasksIn(trx, home);
export const lastTaskPosition = (trx: Db, home: Home) => repo.lastTaskPosition(trx, home);

/** The position of the last task on a workspace's Execute list. */
export const lastPlannedPosition = (trx: Db, workspaceId: string) =>
  plannedRepo.edgePlannedPosition(trx, workspaceId, 'last');

/**
 * Adds a task at the end of a list (the inbox or a project), optionally planned in one workspace.
 * The one way tasks are made: by users and by automations.
 */
export async function addTask(
  uow: UnitOfWork,
  policy: Policy,
  task: {
    home: Home;
    name: string;
    automationId?: string;
    plannedIn?: string;
    id?: string;
    /** The workspaces showing its list, when the caller read them with its checks. */
    showing?: string[];
  },
): Promise<Task> {
  const { trx, now } = uow;
  await policy.requireTaskRoom(trx, task.home);
  const projectId = 'projectId' in task.home ? task.home.projectId : null;
  const row = {
    id: task.id ?? newId(),
    workspace_id: 'workspaceId' in task.home ? task.home.workspaceId : null,
    project_id: projectId,
    automation_id: task.automationId ?? null,
    name: task.name,
    position: keyBetween(await repo.lastTaskPosition(trx, task.home), null),
    created_at: now,
    updated_at: now,
    completed_at: null,
    completed_by: null,
    deadline: null,
  };
  await repo.insertTask(trx, row);
  uow.changed(task.showing ?? (await workspacesShowing(trx, row)), 'task', row.id);
  uow.happened({ entity: 'task', id: row.id, what: 'created' });
  const day = task.plannedIn ? await appendToPlannedList(uow, task.plannedIn, row.id) : null;
  return toTask(row, day === null ? null : { day, carried: 0 });
}

/**
 * Takes a project's tasks off the planned lists of one workspace, or of every workspace; answers
 * the rows it removed, whole, for an undo.
 */
export async function unplanProjectTasks(uow: UnitOfWork, projectId: string, workspaceId?: string) {
  await uow.lock(workspaceId ? [workspaceId] : await workspacesShowingProject(uow.trx, projectId));
  const removed = await plannedRepo.removeProjectFromPlans(uow.trx, projectId, workspaceId);
  for (const row of removed) uow.changed([row.workspace_id], 'planned', row.task_id, 'delete');
  return removed;
}

/**
 * A project's card tasks as one workspace sees them (its first open ones, spec §2), with its
 * open and completed counts: what the workspace answer holds of it (decision 029).
 */
export async function cardTasksOfProject(trx: Db, workspaceId: string, projectId: string) {
  const rows = await repo.firstOpenTasksOfProject(
    trx,
    workspaceId,
    projectId,
    LIMITS.projectCardOpenTasks,
  );
  const [counts] = await repo.taskCountsOfProjects(trx, workspaceId, [projectId]);
  return {
    tasks: rows.map((row) => toTask(row, planMarkOf(row))),
    counts: { open: Number(counts?.open ?? 0), completed: Number(counts?.completed ?? 0) },
  };
}

/** A cursor as the query takes it (the contract has checked its form: `section.key.id`). */
function projectTaskPageStart(cursor: string): repo.ProjectTaskPageStart {
  const first = cursor.indexOf('.');
  const last = cursor.lastIndexOf('.');
  return {
    isDone: cursor.slice(0, first) === 'done',
    position: cursor.slice(first + 1, last),
    id: cursor.slice(last + 1),
  };
}

/**
 * A page of a project's tasks as one workspace sees them (decision 035): open ones in their
 * order, then completed ones in theirs, after `after` (from the start without it), and the
 * cursor of the page after, or null when nothing follows.
 */
export async function projectTasksPage(
  trx: Db,
  workspaceId: string,
  projectId: string,
  page: { after: string | null; limit: number },
): Promise<ProjectTasksPage> {
  const start = page.after === null ? null : projectTaskPageStart(page.after);
  const isDone = (row: { completed_at: string | null }) => row.completed_at !== null;
  // One row more than the page holds tells whether another page follows.
  const rows = (
    await repo.projectTasksAfter(trx, workspaceId, projectId, start, page.limit + 1)
  ).sort((a, b) => Number(isDone(a)) - Number(isDone(b)) || byPosition(a, b));
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    tasks: shown.map((row) => toTask(row, planMarkOf(row))),
    next:
      rows.length > page.limit && last
        ? projectTasksCursor(isDone(last) ? 'done' : 'open', last.position, last.id)
        : null,
  };
}

/** Open task counts of each project, and the reader's completed ones, for the project cards. */
export async function taskCountsOfProjects(trx: Db, workspaceId: string, projectIds: string[]) {
  const rows = await repo.taskCountsOfProjects(trx, workspaceId, projectIds);
  return new Map(
    rows.map((row) => [
      row.project_id!,
      { open: Number(row.open), completed: Number(row.completed) },
    ]),
  );
}

/** The task if the caller's workspace shows it; a foreign or mismatched id is 404. */
export async function findVisible(
  trx: Db,
  workspaceId: string,
  taskId: string,
  projectId?: string | null,
) {
  const task = await repo.findTaskForWorkspace(trx, taskId, workspaceId);
  // A project id that does not match the task's is as unknown as a foreign task id.
  if (!task || (projectId != null && projectId !== task.project_id)) throw notFound('Task');
  return task;
}
export type VisibleTask = Awaited<ReturnType<typeof findVisible>>;

/** The task, if the caller may change it: shown to them, and not in an archived project. */
export async function findChangeable(
  trx: Db,
  policy: Policy,
  workspaceId: string,
  taskId: string,
  projectId?: string | null,
) {
  const task = await findVisible(trx, workspaceId, taskId, projectId);
  policy.requireNotArchived({ archived_at: task.project_archived_at });
  return task;
}

/** The tasks with these ids that still exist, whoever's: the caller checks visibility. */
export const findTasks = (trx: Db, taskIds: string[]) => repo.findTasks(trx, taskIds);

/** Sets or clears a task's reminder and who it reminds (issue 30, decision 080). */
export const setReminder = (
  trx: Db,
  taskId: string,
  reminder: { remindAt: string | null; workspaceId: string | null },
  now: string,
) =>
  repo.updateTask(trx, taskId, {
    remind_at: reminder.remindAt,
    remind_workspace_id: reminder.workspaceId,
    updated_at: now,
  });
