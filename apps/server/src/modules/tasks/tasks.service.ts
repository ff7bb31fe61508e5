import { LIMITS } from '@hustle/shared/constants';
import type { CreateTaskResponse, OkResponse, Task, TaskAction } from '@hustle/shared/tasks';
import { projectTasksCursor, type ProjectTasksPage } from '@hustle/shared/projects';
import type { UndoableResponse } from '@hustle/shared/undo';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { UnitOfWork, WritePath } from '../workspaces/unit-of-work.ts';
import {
  captureRows,
  findMembership,
  isIdUsed,
  requireOwnWorkspace,
  workspacesShowingProject,
} from '../workspaces/workspaces.service.ts';
import * as plannedRepo from './planned.repository.ts';
import * as repo from './tasks.repository.ts';
import { byPosition, toTask } from './task-view.ts';

type Home = { projectId: string } | { workspaceId: string };

const notPlanned = () => new AppError('TASK_NOT_PLANNED', 'This task is not on your Execute list.');

/** Every workspace that shows the task: its project's members, or its own workspace. */
async function workspacesShowing(
  trx: Db,
  task: { project_id: string | null; workspace_id: string | null },
): Promise<string[]> {
  return task.project_id ? workspacesShowingProject(trx, task.project_id) : [task.workspace_id!];
}

/** Puts a task at the end of a workspace's Execute list (new planned tasks go last, spec §2). */
async function appendToPlannedList(uow: UnitOfWork, workspaceId: string, taskId: string) {
  const last = await plannedRepo.edgePlannedPosition(uow.trx, workspaceId, 'last');
  await plannedRepo.insertPlanned(uow.trx, workspaceId, taskId, keyBetween(last, null));
  uow.changed([workspaceId], 'planned', taskId);
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
  task: { home: Home; name: string; automationId?: string; plannedIn?: string; id?: string },
): Promise<Task> {
  const { trx, now } = uow;
  policy.requireTaskRoom(await repo.countTasksIn(trx, task.home));
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
  };
  await repo.insertTask(trx, row);
  uow.changed(await workspacesShowing(trx, row), 'task', row.id);
  if (task.plannedIn) await appendToPlannedList(uow, task.plannedIn, row.id);
  return toTask(row, Boolean(task.plannedIn));
}

/**
 * Takes a project's tasks off the planned lists of one workspace, or of every workspace; answers
 * the rows it removed, whole, for an undo.
 */
export async function unplanProjectTasks(uow: UnitOfWork, projectId: string, workspaceId?: string) {
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
    tasks: rows.map(({ planned_task_id, ...row }) => toTask(row, planned_task_id !== null)),
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
    tasks: shown.map(({ planned_task_id, ...row }) => toTask(row, planned_task_id !== null)),
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

/** The tasks with these ids that still exist, whoever's: the caller checks visibility. */
export const findTasks = (trx: Db, taskIds: string[]) => repo.findTasks(trx, taskIds);

export function createTasksService(deps: { writes: WritePath; policy: Policy; clock: Clock }) {
  const { writes, policy } = deps;

  /** The task if the caller's workspace shows it; a foreign or mismatched id is 404. */
  async function findVisible(
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

  async function inList(trx: Db, workspaceId: string, taskId: string) {
    const planned = await plannedRepo.findPlanned(trx, workspaceId, taskId);
    if (!planned) throw notPlanned();
    return planned;
  }

  /**
   * A create naming a client-made id that is used already (decision 021): the same create sent
   * again answers the task as it is now and changes nothing; anything else is refused.
   */
  async function replayOfCreate(
    trx: Db,
    workspaceId: string,
    id: string,
    create: { projectId: string | null; name: string },
  ): Promise<CreateTaskResponse | null> {
    if (!(await isIdUsed(trx, id))) return null;
    const task = await repo.findTaskForWorkspace(trx, id, workspaceId);
    const isSameCreate =
      task?.automation_id === null &&
      task.project_id === create.projectId &&
      task.name === create.name;
    if (!task || !isSameCreate) return policy.refuseUsedId();
    const planned = await plannedRepo.findPlanned(trx, workspaceId, id);
    const view = toTask(task, planned !== undefined);
    return { workspaceId, projectId: create.projectId, id, done: view.done, task: view };
  }

  /** Completes the task for the workspace `by`, whose card counts it (spec §2), or reverts it. */
  async function setCompleted(
    uow: UnitOfWork,
    task: Awaited<ReturnType<typeof findVisible>>,
    completion: { by: string } | null,
  ) {
    await repo.updateTask(uow.trx, task.id, {
      completed_at: completion ? uow.now : null,
      completed_by: completion?.by ?? null,
      updated_at: uow.now,
    });
    uow.changed(await workspacesShowing(uow.trx, task), 'task', task.id);
  }

  return {
    async create(
      session: SessionContext,
      body: {
        workspaceId: string;
        projectId?: string | null | undefined;
        name: string;
        planned?: boolean | undefined;
        id?: string | undefined;
      },
    ): Promise<CreateTaskResponse> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return writes.run(session, async (uow) => {
        const projectId = body.projectId ?? null;
        if (body.id) {
          const replay = await replayOfCreate(uow.trx, ws, body.id, { projectId, name: body.name });
          if (replay) return replay;
        }
        if (projectId) {
          const project = policy.requireVisible(await findMembership(uow.trx, ws, projectId));
          policy.requireNotArchived(project);
        }
        const task = await addTask(uow, policy, {
          home: projectId ? { projectId } : { workspaceId: ws },
          name: body.name,
          ...(body.planned ? { plannedIn: ws } : {}),
          ...(body.id ? { id: body.id } : {}),
        });
        return { workspaceId: ws, projectId, id: task.id, done: false, task };
      });
    },

    async rename(
      session: SessionContext,
      taskId: string,
      body: { workspaceId: string; projectId?: string | null | undefined; name: string },
    ): Promise<OkResponse> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return writes.run(session, async (uow) => {
        const task = await findVisible(uow.trx, ws, taskId, body.projectId);
        policy.requireNotArchived({ archived_at: task.project_archived_at });
        await repo.updateTask(uow.trx, taskId, { name: body.name, updated_at: uow.now });
        uow.changed(await workspacesShowing(uow.trx, task), 'task', taskId);
        return uow.ok();
      });
    },

    async remove(
      session: SessionContext,
      taskId: string,
      body: { workspaceId: string; projectId?: string | null | undefined },
    ): Promise<UndoableResponse> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return writes.run(session, async (uow) => {
        const { trx } = uow;
        const task = await findVisible(trx, ws, taskId, body.projectId);
        policy.requireNotArchived({ archived_at: task.project_archived_at });
        const showing = await workspacesShowing(trx, task);
        // Decision 025: the row and its places on every Execute list, for the undo.
        const undo = await uow.undoable('deleteTask', {
          rows: {
            tasks: await captureRows(trx, 'tasks', 'id', [taskId]),
            planned_tasks: await captureRows(trx, 'planned_tasks', 'task_id', [taskId]),
          },
        });
        await repo.deleteTask(trx, taskId);
        uow.changed(showing, 'task', taskId, 'delete');
        // The gone row cannot tell sync its project, whose counts and card changed with it.
        if (task.project_id) uow.changed(showing, 'project', task.project_id);
        return { ...(await uow.ok()), undo };
      });
    },

    /**
     * spec §4 transitions. Planning is per workspace; completing is for everyone who sees the
     * task (ARCHITECTURE §5). Repeating an action that already holds changes nothing.
     */
    async act(
      session: SessionContext,
      taskId: string,
      action: TaskAction,
      body: { workspaceId: string; projectId?: string | null | undefined },
    ): Promise<OkResponse> {
      const ws = requireOwnWorkspace(session, body.workspaceId);
      return writes.run(session, async (uow) => {
        const { trx } = uow;
        const task = await findVisible(trx, ws, taskId, body.projectId);
        policy.requireNotArchived({ archived_at: task.project_archived_at });
        const isDone = task.completed_at !== null;
        const planned = await plannedRepo.findPlanned(trx, ws, taskId);
        switch (action) {
          case 'plan':
            if (isDone) throw completedTask();
            if (!planned) await appendToPlannedList(uow, ws, taskId);
            break;
          case 'idle':
            if (isDone) throw completedTask();
            if (planned) {
              await plannedRepo.removePlanned(trx, ws, taskId);
              uow.changed([ws], 'planned', taskId, 'delete');
            }
            break;
          case 'complete':
            if (isDone) break;
            // Completing an unplanned task plans it in the same step, so it shows among the
            // completed tasks on Execute instead of vanishing from every list (issue: walk).
            if (!planned) await appendToPlannedList(uow, ws, taskId);
            await setCompleted(uow, task, { by: ws });
            break;
          case 'revert':
            if (!isDone) break;
            await setCompleted(uow, task, null);
            // spec §4: REVERT sets PLANNED, so the task is back on the reverting user's list.
            if (!planned) await appendToPlannedList(uow, ws, taskId);
            break;
        }
        return uow.ok();
      });
    },

    async putToFront(
      session: SessionContext,
      taskId: string,
      workspaceId: string,
    ): Promise<OkResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      return writes.run(session, async (uow) => {
        await findVisible(uow.trx, ws, taskId);
        const planned = await inList(uow.trx, ws, taskId);
        const first = await plannedRepo.edgePlannedPosition(uow.trx, ws, 'first');
        if (first !== planned.position) {
          await plannedRepo.setPlannedPosition(uow.trx, ws, taskId, keyBetween(null, first));
          uow.changed([ws], 'planned', taskId);
        }
        return uow.ok();
      });
    },

    /** Moves the task right after `afterTaskId` on the Execute list: one row written. */
    async reorder(
      session: SessionContext,
      taskId: string,
      workspaceId: string,
      afterTaskId: string,
    ): Promise<OkResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      if (afterTaskId === taskId) {
        throw new AppError('VALIDATION_FAILED', 'A task cannot be placed after itself.');
      }
      return writes.run(session, async (uow) => {
        const { trx } = uow;
        await findVisible(trx, ws, taskId);
        await findVisible(trx, ws, afterTaskId);
        await inList(trx, ws, taskId);
        const after = await inList(trx, ws, afterTaskId);
        const next = await plannedRepo.nextPlannedPosition(trx, ws, after.position, taskId);
        await plannedRepo.setPlannedPosition(trx, ws, taskId, keyBetween(after.position, next));
        uow.changed([ws], 'planned', taskId);
        return uow.ok();
      });
    },

    /** spec §4: completed tasks leave the Execute view and stay completed. */
    async hideCompleted(session: SessionContext, workspaceId?: string): Promise<UndoableResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      return writes.run(session, async (uow) => {
        const removed = await plannedRepo.removeCompletedFromList(uow.trx, ws);
        for (const row of removed) uow.changed([ws], 'planned', row.task_id, 'delete');
        return { ...(await uow.ok()), undo: await undoablePlanned(uow, 'hideCompleted', removed) };
      });
    },

    /** spec §4 "Move all tasks to planning". */
    async idleAllPlanned(session: SessionContext, workspaceId?: string): Promise<UndoableResponse> {
      const ws = requireOwnWorkspace(session, workspaceId);
      return writes.run(session, async (uow) => {
        const removed = await plannedRepo.clearList(uow.trx, ws);
        for (const row of removed) uow.changed([ws], 'planned', row.task_id, 'delete');
        return { ...(await uow.ok()), undo: await undoablePlanned(uow, 'idleAllPlanned', removed) };
      });
    },
  };
}

/** A bulk change of the Execute list keeps the rows it took off; one that took none keeps nothing. */
async function undoablePlanned(
  uow: UnitOfWork,
  kind: 'hideCompleted' | 'idleAllPlanned',
  removed: Record<string, unknown>[],
) {
  return removed.length === 0 ? null : uow.undoable(kind, { rows: { planned_tasks: removed } });
}

const completedTask = () =>
  new AppError('TASK_COMPLETED', 'This task is completed. Revert it first.');

export type TasksService = ReturnType<typeof createTasksService>;
