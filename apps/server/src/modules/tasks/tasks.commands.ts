import type { CreateTaskResponse } from '@hustle/shared/tasks';
import type { tasksApi } from '@hustle/shared/tasks.api';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { CommandHandler } from '../workspaces/command-routes.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import {
  captureRows,
  findMembershipAndShowing,
  isIdUsed,
} from '../workspaces/workspaces.service.ts';
import * as daysRepo from './days.repository.ts';
import { requireWithinRange, storedCapacity, todayOf } from './days.service.ts';
import * as plannedRepo from './planned.repository.ts';
import * as repo from './tasks.repository.ts';
import {
  addTask,
  appendToPlannedList,
  findChangeable,
  findVisible,
  placeOf,
  planOnDay,
  type PlannedPlace,
  takeOffPlannedList,
  workspacesShowing,
  type VisibleTask,
} from './tasks.service.ts';
import { planMarkOf, toTask } from './task-view.ts';

type Api = typeof tasksApi;

const notPlanned = () => new AppError('TASK_NOT_PLANNED', 'This task is not on your Execute list.');
const completedTask = () =>
  new AppError('TASK_COMPLETED', 'This task is completed. Revert it first.');

/** The place of a task on the Execute list of the workspace it was looked up for; it must be there. */
function inList(task: VisibleTask): PlannedPlace {
  const planned = placeOf(task);
  if (!planned) throw notPlanned();
  return planned;
}

/** Completes the task for the workspace `by`, whose card counts it (spec §2), or reverts it. */
async function setCompleted(uow: UnitOfWork, task: VisibleTask, completion: { by: string } | null) {
  await repo.updateTask(uow.trx, task.id, {
    completed_at: completion ? uow.now : null,
    completed_by: completion?.by ?? null,
    updated_at: uow.now,
  });
  uow.changed(await workspacesShowing(uow.trx, task), 'task', task.id);
  if (completion) uow.happened({ entity: 'task', id: task.id, what: 'completed' });
}

/**
 * A create naming a client-made id that is used already (decision 021): the same create sent
 * again answers the task as it is now and changes nothing; anything else is refused.
 */
async function replayOfCreate(
  trx: Db,
  policy: Policy,
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
  const view = toTask(task, planMarkOf(task));
  return { workspaceId, projectId: create.projectId, id, done: view.done, task: view };
}

/** A bulk change of the Execute list keeps the rows it took off; one that took none keeps nothing. */
async function undoablePlanned(
  uow: UnitOfWork,
  kind: 'hideCompleted' | 'idleAllPlanned',
  removed: Record<string, unknown>[],
) {
  return removed.length === 0 ? null : uow.undoable(kind, { rows: { planned_tasks: removed } });
}

/** One spec §4 transition of a task the caller may change, in their workspace `ws`. */
async function transition(
  uow: UnitOfWork,
  ws: string,
  task: VisibleTask,
  action: 'plan' | 'idle' | 'complete' | 'revert',
): Promise<void> {
  const isDone = task.completed_at !== null;
  const planned = placeOf(task);
  switch (action) {
    case 'plan':
      if (isDone) throw completedTask();
      if (!planned) await appendToPlannedList(uow, ws, task.id);
      break;
    case 'idle':
      if (isDone) throw completedTask();
      if (planned) await takeOffPlannedList(uow, ws, task.id);
      break;
    case 'complete':
      if (isDone) break;
      // Completing an unplanned task plans it in the same step, so it shows among the
      // completed tasks on Execute instead of vanishing from every list (the command table).
      if (!planned) await appendToPlannedList(uow, ws, task.id);
      await setCompleted(uow, task, { by: ws });
      break;
    case 'revert':
      if (!isDone) break;
      await setCompleted(uow, task, null);
      // spec §4: REVERT sets PLANNED, so the task is back on the reverting user's list.
      if (!planned) await appendToPlannedList(uow, ws, task.id);
      break;
  }
}

type Handlers<Names extends keyof Api> = { [Name in Names]: CommandHandler<Api[Name]> };

/** The commands on a task itself: create, rename, delete, and its state (spec §4). */
function createTaskHandlers(
  policy: Policy,
): Handlers<'createTask' | 'renameTask' | 'deleteTask' | 'taskAction'> {
  return {
    async createTask(uow, { workspaceId, body }) {
      const projectId = body.projectId ?? null;
      if (body.id) {
        const replay = await replayOfCreate(uow.trx, policy, workspaceId, body.id, {
          projectId,
          name: body.name,
        });
        if (replay) return replay;
      }
      const project = projectId
        ? policy.requireVisible(await findMembershipAndShowing(uow.trx, workspaceId, projectId))
        : null;
      if (project) policy.requireNotArchived(project);
      const task = await addTask(uow, policy, {
        home: projectId ? { projectId } : { workspaceId },
        ...(project ? { showing: project.showing } : {}),
        name: body.name,
        ...(body.planned ? { plannedIn: workspaceId } : {}),
        ...(body.id ? { id: body.id } : {}),
      });
      return { workspaceId, projectId, id: task.id, done: false, task };
    },

    async renameTask(uow, { workspaceId, params, body }) {
      const task = await findChangeable(uow.trx, policy, workspaceId, params.id, body.projectId);
      await repo.updateTask(uow.trx, task.id, { name: body.name, updated_at: uow.now });
      uow.changed(await workspacesShowing(uow.trx, task), 'task', task.id);
    },

    async deleteTask(uow, { workspaceId, params, body }) {
      const { trx } = uow;
      const task = await findChangeable(trx, policy, workspaceId, params.id, body.projectId);
      const showing = await workspacesShowing(trx, task);
      const entries = await captureRows(trx, 'time_entries', 'task_id', [task.id]);
      // Decision 025: the row and its places on every Execute list, for the undo.
      const undo = await uow.undoable('deleteTask', {
        rows: {
          tasks: await captureRows(trx, 'tasks', 'id', [task.id]),
          planned_tasks: await captureRows(trx, 'planned_tasks', 'task_id', [task.id]),
          checklist_items: await captureRows(trx, 'checklist_items', 'task_id', [task.id]),
          time_entries: entries,
        },
      });
      await repo.deleteTask(trx, task.id);
      uow.changed(showing, 'task', task.id, 'delete');
      // A timer on it is gone with its entries; each one's owner reads theirs again.
      for (const owner of new Set(entries.map((entry) => String(entry.workspace_id)))) {
        uow.changed([owner], 'focus', owner);
      }
      // The gone row cannot tell sync its project, whose counts and card changed with it.
      if (task.project_id) uow.changed(showing, 'project', task.project_id);
      return { undo };
    },

    /**
     * spec §4 transitions. Planning is per workspace; completing is for everyone who sees the
     * task (ARCHITECTURE §5). Repeating an action that already holds changes nothing.
     */
    async taskAction(uow, { workspaceId: ws, params, body }) {
      const task = await findChangeable(uow.trx, policy, ws, params.id, body.projectId);
      await transition(uow, ws, task, params.action);
    },
  };
}

/**
 * Days (issue 29): planning for a day, a task's deadline, and the day settings. Planning is per
 * workspace, as the list is; a deadline is the task's, shown to everyone who sees it.
 */
function createDayHandlers(
  policy: Policy,
): Handlers<'planTaskForDay' | 'setTaskDeadline' | 'setTaskEstimate' | 'updateDaySettings'> {
  return {
    /** At the end of the list, so last on its day; a day already over means today. */
    async planTaskForDay(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      const task = await findChangeable(trx, policy, ws, params.id, body.projectId);
      const today = await todayOf(trx, ws, uow.now);
      requireWithinRange(body.day, today, 'A planned day');
      if (task.completed_at !== null) throw completedTask();
      const day = body.day < today ? today : body.day;
      await planOnDay(uow, ws, { id: task.id, planned: placeOf(task) }, day);
    },

    async setTaskDeadline(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      const task = await findChangeable(trx, policy, ws, params.id, body.projectId);
      if (body.deadline !== null) {
        requireWithinRange(body.deadline, await todayOf(trx, ws, uow.now), 'A deadline');
      }
      if (task.deadline === body.deadline) return;
      await repo.updateTask(trx, task.id, { deadline: body.deadline, updated_at: uow.now });
      uow.changed(await workspacesShowing(trx, task), 'task', task.id);
    },

    /** An estimate is the task's, shown to everyone who sees it, as a deadline is (issue 30). */
    async setTaskEstimate(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      const task = await findChangeable(trx, policy, ws, params.id, body.projectId);
      if ((task.estimate_minutes ?? null) === body.estimate) return;
      await repo.updateTask(trx, task.id, { estimate_minutes: body.estimate, updated_at: uow.now });
      uow.changed(await workspacesShowing(trx, task), 'task', task.id);
    },

    /** A change of time zone takes effect at once: the next read carries over by it. */
    async updateDaySettings(uow, { workspaceId: ws, body }) {
      if (body.timeZone !== undefined) await daysRepo.updateTimeZone(uow.trx, ws, body.timeZone);
      await daysRepo.updateDaySettings(uow.trx, ws, {
        ...(body.carryOverTo !== undefined ? { carry_over_to: body.carryOverTo } : {}),
        ...(body.backToInboxAfter !== undefined ? { carry_over_limit: body.backToInboxAfter } : {}),
        ...(body.capacity !== undefined ? { day_capacity: storedCapacity(body.capacity) } : {}),
        ...(body.planNudgeAt !== undefined ? { plan_nudge_at: body.planNudgeAt } : {}),
        ...(body.finishNudgeAt !== undefined ? { finish_nudge_at: body.finishNudgeAt } : {}),
      });
      uow.changed([ws], 'workspace', ws);
    },
  };
}

/** The Execute list's commands: its order, and its bulk changes (undoable). */
function createPlannedListHandlers(): Handlers<
  'putTaskToFront' | 'reorderPlannedTask' | 'hideCompletedTasks' | 'idleAllPlannedTasks'
> {
  return {
    async putTaskToFront(uow, { workspaceId: ws, params }) {
      const planned = inList(await findVisible(uow.trx, ws, params.id));
      const first = await plannedRepo.edgePlannedPosition(uow.trx, ws, 'first');
      if (first !== planned.position) {
        await plannedRepo.setPlannedPosition(uow.trx, ws, params.id, keyBetween(null, first));
        uow.changed([ws], 'planned', params.id);
      }
    },

    /** Moves the task right after `afterTaskId` on the Execute list: one row written. */
    async reorderPlannedTask(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      if (body.afterTaskId === params.id) {
        throw new AppError('VALIDATION_FAILED', 'A task cannot be placed after itself.');
      }
      const moving = await findVisible(trx, ws, params.id);
      const target = await findVisible(trx, ws, body.afterTaskId);
      inList(moving);
      const after = inList(target);
      const next = await plannedRepo.nextPlannedPosition(trx, ws, after.position, params.id);
      await plannedRepo.setPlannedPosition(trx, ws, params.id, keyBetween(after.position, next));
      uow.changed([ws], 'planned', params.id);
    },

    /** spec §4: completed tasks leave the Execute view and stay completed. */
    async hideCompletedTasks(uow, { workspaceId: ws }) {
      const removed = await plannedRepo.removeCompletedFromList(uow.trx, ws);
      for (const row of removed) uow.changed([ws], 'planned', row.task_id, 'delete');
      return { undo: await undoablePlanned(uow, 'hideCompleted', removed) };
    },

    /** spec §4 "Move all tasks to planning". */
    async idleAllPlannedTasks(uow, { workspaceId: ws }) {
      const removed = await plannedRepo.clearList(uow.trx, ws);
      for (const row of removed) uow.changed([ws], 'planned', row.task_id, 'delete');
      return { undo: await undoablePlanned(uow, 'idleAllPlanned', removed) };
    },
  };
}

/** The task commands (spec §4), one handler each; the router runs them as units of work. */
export function createTaskCommands(deps: { policy: Policy }): Handlers<keyof Api> {
  return {
    ...createTaskHandlers(deps.policy),
    ...createDayHandlers(deps.policy),
    ...createPlannedListHandlers(),
  };
}
