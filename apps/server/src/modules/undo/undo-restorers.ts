import type { UndoKind } from '@hustle/shared/undo';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { isLinkStill } from '../invites/invites.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import { reverseArchive } from '../projects/projects.service.ts';
import {
  checklistChanged,
  checklistSize,
  findChecklistItem,
} from '../tasks/task-details.service.ts';
import { findChangeable, findTasks } from '../tasks/tasks.service.ts';
import { restoreTimeEntries } from '../focus/focus.service.ts';
import { isHomeOf, moveTaskHome, requireMoveTarget } from '../tasks/task-moves.service.ts';
import type { UndoSnapshot, UnitOfWork } from '../workspaces/unit-of-work.ts';
import {
  captureRows,
  currentVersion,
  findMembership,
  restoreRows,
  workspacesShowingProject,
} from '../workspaces/workspaces.service.ts';
import { takeBackReview } from '../day-reviews/day-reviews.service.ts';
import { freePosition, moveRowsAfter, setPlannedPlace } from './undo.repository.ts';

type Row = Record<string, unknown>;

export const unavailable = (message: string) => new AppError('UNDO_UNAVAILABLE', message);
const str = (row: Row, column: string) => String(row[column]);

async function exists(trx: Db, table: 'tasks' | 'projects' | 'automations', id: string) {
  return (await captureRows(trx, table, 'id', [id])).length > 0;
}

/**
 * Puts planned rows back where they were, each on its own workspace's Execute list, for the tasks
 * that list may still show (`mayShow`); a task deleted, archived or left since stays off (delete
 * wins, decision 021), and one planned again meanwhile keeps its new place.
 */
async function restorePlanned(
  uow: UnitOfWork,
  rows: Row[] | undefined,
  mayShow: (workspaceId: string, taskId: string) => boolean,
): Promise<void> {
  if (!rows?.length) return;
  await uow.lock(rows.map((row) => str(row, 'workspace_id')));
  const taskIds = [...new Set(rows.map((row) => str(row, 'task_id')))];
  const planned = new Set(
    (await captureRows(uow.trx, 'planned_tasks', 'task_id', taskIds)).map(
      (row) => `${str(row, 'workspace_id')}:${str(row, 'task_id')}`,
    ),
  );
  for (const row of rows) {
    const [workspaceId, taskId] = [str(row, 'workspace_id'), str(row, 'task_id')];
    if (planned.has(`${workspaceId}:${taskId}`) || !mayShow(workspaceId, taskId)) continue;
    const list = { table: 'planned_tasks', scope: 'workspace_id', value: workspaceId } as const;
    const position = await freePosition(uow.trx, list, str(row, 'position'));
    await restoreRows(uow.trx, 'planned_tasks', [{ ...row, position }]);
    uow.changed([workspaceId], 'planned', taskId);
  }
}

/**
 * Which of these tasks still show on `workspaceId`'s Execute list: they exist, and their project
 * (if any) still shows there and is not archived.
 */
async function tasksShownIn(trx: Db, workspaceId: string, taskIds: string[]) {
  const shown = new Set<string>();
  const projects = new Map<string, boolean>();
  for (const task of await findTasks(trx, taskIds)) {
    if (task.project_id === null) {
      if (task.workspace_id === workspaceId) shown.add(task.id);
      continue;
    }
    if (!projects.has(task.project_id)) {
      const membership = await findMembership(trx, workspaceId, task.project_id);
      projects.set(task.project_id, Boolean(membership && !membership.archived_at));
    }
    if (projects.get(task.project_id)) shown.add(task.id);
  }
  return shown;
}

/**
 * Why the caller may not go back into a project they left, or null if they may. A leave recorded
 * before the link was part of its facts finds no link, so it is refused too.
 */
async function rejoinRefusal(trx: Db, projectId: string, inviteId: string | undefined) {
  const [project] = await captureRows(trx, 'projects', 'id', [projectId]);
  if (!project) return 'The project was deleted since, so you cannot go back in.';
  if (project.archived_at != null) {
    return 'The project was archived since, so you cannot go back in.';
  }
  if (!(await isLinkStill(trx, projectId, inviteId))) {
    return 'You can go back into this project only by its current invite link now. Ask its owner for it.';
  }
  return null;
}

/**
 * Issue 28: an undo never gives the caller more than they could reach now — whatever its kind,
 * this runs first. Rows come back only into the caller's own workspace, and into projects that
 * show there now, that come back with this very undo as the caller's own (delete project), or
 * that the caller could join again now by the link they had (leave).
 */
export async function requireReachNow(trx: Db, ws: string, { rows, facts }: UndoSnapshot) {
  const elsewhere = () => unavailable('This was changed in a workspace that is not yours.');
  const returning = new Set<string>();
  for (const project of rows.projects ?? []) {
    if (str(project, 'owner_workspace_id') !== ws) throw elsewhere();
    returning.add(str(project, 'id'));
  }
  const owned = [...(rows.tasks ?? []), ...(rows.automations ?? [])];
  if (owned.some((row) => row.workspace_id != null && str(row, 'workspace_id') !== ws)) {
    throw elsewhere();
  }
  const projectIds = new Set(
    [...(rows.tasks ?? []), ...(rows.workspace_projects ?? [])]
      .filter((row) => row.project_id != null && !returning.has(str(row, 'project_id')))
      .map((row) => str(row, 'project_id')),
  );
  for (const projectId of projectIds) {
    if (await findMembership(trx, ws, projectId)) continue;
    const rejoining = (rows.workspace_projects ?? []).some(
      (row) => str(row, 'workspace_id') === ws && str(row, 'project_id') === projectId,
    );
    const refusal = rejoining
      ? await rejoinRefusal(trx, projectId, facts?.inviteId)
      : 'The project is gone from your workspace, so this cannot come back.';
    if (refusal) throw unavailable(refusal);
  }
}

/** Puts back the Execute-list rows a bulk command of the caller's took off. */
async function restoreOwnPlanned(uow: UnitOfWork, workspaceId: string, snapshot: UndoSnapshot) {
  const rows = snapshot.rows.planned_tasks ?? [];
  const shown = await tasksShownIn(
    uow.trx,
    workspaceId,
    rows.map((row) => str(row, 'task_id')),
  );
  await restorePlanned(uow, rows, (ws, taskId) => ws === workspaceId && shown.has(taskId));
}

/**
 * Undo of a deleted checklist item (issue 31): back where it was, if its task is still there for
 * the caller to change and its checklist has room.
 */
async function restoreChecklistItem(
  uow: UnitOfWork,
  policy: Policy,
  workspaceId: string,
  row: Row | undefined,
): Promise<void> {
  const { trx } = uow;
  if (!row) throw unavailable('There is nothing to undo.');
  const [itemId, taskId] = [str(row, 'id'), str(row, 'task_id')];
  if (await findChecklistItem(trx, itemId)) throw unavailable('This item is back already.');
  const task = await findChangeable(trx, policy, workspaceId, taskId).catch(() => {
    throw unavailable('Its task is gone or cannot be changed now, so the item cannot come back.');
  });
  policy.requireChecklistRoom(await checklistSize(trx, taskId));
  const list = { table: 'checklist_items', scope: 'task_id', value: taskId } as const;
  const position = await freePosition(trx, list, str(row, 'position'));
  await restoreRows(trx, 'checklist_items', [{ ...row, position }]);
  await checklistChanged(uow, task);
}

/** A deleted time entry back (issue 30), unless its task or its time is taken since. */
async function restoreTimeEntry(
  uow: UnitOfWork,
  policy: Policy,
  workspaceId: string,
  row: Row | undefined,
): Promise<void> {
  if (!row) throw unavailable('There is nothing to undo.');
  await findChangeable(uow.trx, policy, workspaceId, str(row, 'task_id')).catch(() => {
    throw unavailable('Its task is gone or cannot be changed now, so the entry cannot come back.');
  });
  if ((await restoreTimeEntries(uow, [row])) === 0) {
    throw unavailable('This entry is back already, or another one covers its time now.');
  }
}

/**
 * Undo of a move (decision 072): the task goes back to where it was, near its old place, if it
 * may still be changed there and here; the planned copies the move took come back to those who
 * see it again.
 */
async function restoreMove(
  uow: UnitOfWork,
  policy: Policy,
  workspaceId: string,
  { rows }: UndoSnapshot,
): Promise<void> {
  const { trx } = uow;
  const row = rows.tasks?.[0];
  if (!row) throw unavailable('There is nothing to undo.');
  const task = await findChangeable(trx, policy, workspaceId, str(row, 'id')).catch(() => {
    throw unavailable('The task is gone or cannot be changed now, so it cannot move back.');
  });
  const projectId = row.project_id == null ? null : str(row, 'project_id');
  const home = await requireMoveTarget(trx, policy, workspaceId, projectId).catch(() => {
    throw unavailable('Where the task was is gone or archived now, so it cannot move back.');
  });
  if (isHomeOf(task, home)) throw unavailable('This task is back already.');
  await policy.requireTaskRoom(trx, home);
  const list =
    'projectId' in home
      ? ({ table: 'tasks', scope: 'project_id', value: home.projectId } as const)
      : ({ table: 'tasks', scope: 'workspace_id', value: home.workspaceId } as const);
  const position = await freePosition(trx, list, str(row, 'position'));
  await moveTaskHome(uow, task, home, position);
  const seeing = new Set(
    'projectId' in home ? await workspacesShowingProject(trx, home.projectId) : [workspaceId],
  );
  await restorePlanned(uow, rows.planned_tasks, (ws) => seeing.has(ws));
}

/**
 * Undo of a finished day (decision 077): the review it wrote goes and the one it replaced comes
 * back; each task it carried returns to the day and place it had, unless done or gone since. A day
 * finished again since is that later finish's to undo.
 */
async function restoreFinishedDay(
  uow: UnitOfWork,
  workspaceId: string,
  { rows, facts }: UndoSnapshot,
): Promise<void> {
  const { trx } = uow;
  if (!facts?.day || !facts.finishedAt) throw unavailable('There is nothing to undo.');
  const finish = { day: facts.day, finishedAt: facts.finishedAt };
  if (!(await takeBackReview(uow, workspaceId, finish, rows.day_reviews?.[0]))) {
    throw unavailable('This day was finished again since. Undo that finish instead.');
  }
  const before = rows.planned_tasks ?? [];
  const taskIds = before.map((row) => str(row, 'task_id'));
  const open = new Set(
    (await findTasks(trx, taskIds)).filter((task) => !task.completed_at).map((task) => task.id),
  );
  const now = new Map(
    (await captureRows(trx, 'planned_tasks', 'task_id', taskIds))
      .filter((row) => str(row, 'workspace_id') === workspaceId)
      .map((row) => [str(row, 'task_id'), row]),
  );
  const offList: Row[] = [];
  for (const row of before) {
    const taskId = str(row, 'task_id');
    const current = now.get(taskId);
    if (!open.has(taskId)) continue;
    if (!current) {
      offList.push(row);
      continue;
    }
    if (
      str(current, 'day') === str(row, 'day') &&
      str(current, 'position') === str(row, 'position')
    ) {
      continue;
    }
    const list = { table: 'planned_tasks', scope: 'workspace_id', value: workspaceId } as const;
    const position =
      str(current, 'position') === str(row, 'position')
        ? str(row, 'position')
        : await freePosition(trx, list, str(row, 'position'));
    await setPlannedPlace(trx, workspaceId, taskId, {
      day: str(row, 'day'),
      carried: Number(row.carried),
      position,
    });
    uow.changed([workspaceId], 'planned', taskId);
  }
  await restoreOwnPlanned(uow, workspaceId, { rows: { planned_tasks: offList } });
}

type Restorer = (uow: UnitOfWork, workspaceId: string, snapshot: UndoSnapshot) => Promise<void>;

/** The restores of what a command took from a project: deleted, archived or left. */
function projectRestorers(
  policy: Policy,
): Record<'deleteProject' | 'archiveProject' | 'leaveProject', Restorer> {
  return {
    async deleteProject(uow, ws, { rows }) {
      const { trx } = uow;
      const project = rows.projects?.[0];
      if (!project) throw unavailable('There is nothing to undo.');
      const projectId = str(project, 'id');
      if (await exists(trx, 'projects', projectId)) {
        throw unavailable('This project is back already.');
      }
      if (project.archived_at == null) await policy.requireProjectRoom(trx, ws);
      await restoreRows(trx, 'projects', [project]);
      const members = new Set<string>();
      for (const membership of rows.workspace_projects ?? []) {
        const workspaceId = str(membership, 'workspace_id');
        // A member who deleted their account since has no workspace to come back into.
        if (!(await currentVersion(trx, workspaceId))) continue;
        members.add(workspaceId);
        const list = {
          table: 'workspace_projects',
          scope: 'workspace_id',
          value: workspaceId,
        } as const;
        const position = await freePosition(trx, list, str(membership, 'position'));
        await restoreRows(trx, 'workspace_projects', [{ ...membership, position }]);
        uow.changed([workspaceId], 'membership', projectId);
        uow.changed([workspaceId], 'project', projectId);
      }
      // Its tasks' keys are the project's own list, which is empty again: they fit as they were.
      await restoreRows(trx, 'tasks', rows.tasks ?? []);
      await restoreRows(trx, 'checklist_items', rows.checklist_items ?? []);
      await restorePlanned(uow, rows.planned_tasks, (workspaceId) => members.has(workspaceId));
      await restoreRows(trx, 'invites', rows.invites ?? []);
    },

    async archiveProject(uow, ws, { rows, facts }) {
      const { trx } = uow;
      const project = rows.projects?.[0];
      if (!project) throw unavailable('There is nothing to undo.');
      const projectId = str(project, 'id');
      const membership = await findMembership(trx, ws, projectId);
      if (!membership) throw unavailable('This project was deleted since, so it cannot come back.');
      if (membership.archived_at !== facts?.archivedAt) {
        throw unavailable(
          'This project was brought back or archived again since; nothing to undo.',
        );
      }
      await policy.requireProjectRoom(trx, ws, 'from archive');
      await reverseArchive(uow, projectId);
      const showing = new Set(await workspacesShowingProject(trx, projectId));
      const taskIds = (rows.planned_tasks ?? []).map((row) => str(row, 'task_id'));
      const remaining = new Set((await findTasks(trx, taskIds)).map((task) => task.id));
      await restorePlanned(
        uow,
        rows.planned_tasks,
        (workspaceId, taskId) => showing.has(workspaceId) && remaining.has(taskId),
      );
    },

    async leaveProject(uow, ws, { rows }) {
      const { trx } = uow;
      const membership = rows.workspace_projects?.[0];
      if (!membership) throw unavailable('There is nothing to undo.');
      const projectId = str(membership, 'project_id');
      if (await findMembership(trx, ws, projectId)) {
        throw unavailable('You are in this project again already.');
      }
      // requireReachNow found the project, live and shared by the link the caller had.
      const [project] = await captureRows(trx, 'projects', 'id', [projectId]);
      const owner = str(project!, 'owner_workspace_id');
      // Going back in is joining again: the owner must still share, and the caller have room.
      await policy.requireSharing(trx, owner);
      await policy.requireProjectRoom(trx, ws);
      const list = { table: 'workspace_projects', scope: 'workspace_id', value: ws } as const;
      const position = await freePosition(trx, list, str(membership, 'position'));
      await restoreRows(trx, 'workspace_projects', [{ ...membership, position }]);
      uow.changed([ws], 'membership', projectId);
      uow.changed([ws, owner], 'project', projectId);
      await restoreOwnPlanned(uow, ws, { rows: { planned_tasks: rows.planned_tasks ?? [] } });
    },
  };
}

/** The restores of a deleted task or automation, and of the Execute list's bulk changes. */
function otherRestorers(
  policy: Policy,
): Record<
  | 'deleteTask'
  | 'idleAllPlanned'
  | 'hideCompleted'
  | 'deleteAutomation'
  | 'deleteChecklistItem'
  | 'moveTaskToProject'
  | 'deleteTimeEntry',
  Restorer
> {
  return {
    async deleteTask(uow, ws, { rows }) {
      const { trx } = uow;
      const task = rows.tasks?.[0];
      if (!task) throw unavailable('There is nothing to undo.');
      const taskId = str(task, 'id');
      if (await exists(trx, 'tasks', taskId)) throw unavailable('This task is back already.');
      const projectId = task.project_id == null ? null : str(task, 'project_id');
      if (projectId) {
        // requireReachNow saw the project in the caller's workspace.
        const membership = await findMembership(trx, ws, projectId);
        if (membership?.archived_at) {
          throw unavailable('The task’s project was archived since. Bring it back, then undo.');
        }
      }
      const home = projectId ? { projectId } : { workspaceId: ws };
      await policy.requireTaskRoom(trx, home);
      const list = projectId
        ? ({ table: 'tasks', scope: 'project_id', value: projectId } as const)
        : ({ table: 'tasks', scope: 'workspace_id', value: ws } as const);
      const position = await freePosition(trx, list, str(task, 'position'));
      await restoreRows(trx, 'tasks', [{ ...task, position }]);
      const showing = projectId ? await workspacesShowingProject(trx, projectId) : [ws];
      uow.changed(showing, 'task', taskId);
      if (projectId) uow.changed(showing, 'project', projectId);
      // Its places on the Execute lists of everyone who still sees it — those the delete took.
      const seeing = new Set(showing);
      await restorePlanned(uow, rows.planned_tasks, (workspaceId) => seeing.has(workspaceId));
      // Its checklist went with it (issue 31); the items' keys are the task's own list.
      await restoreRows(trx, 'checklist_items', rows.checklist_items ?? []);
      await restoreTimeEntries(uow, rows.time_entries ?? []);
    },

    deleteChecklistItem: (uow, ws, { rows }) =>
      restoreChecklistItem(uow, policy, ws, rows.checklist_items?.[0]),
    moveTaskToProject: (uow, ws, snapshot) => restoreMove(uow, policy, ws, snapshot),

    deleteTimeEntry: (uow, ws, { rows }) =>
      restoreTimeEntry(uow, policy, ws, rows.time_entries?.[0]),

    async idleAllPlanned(uow, ws, snapshot) {
      const rows = snapshot.rows.planned_tasks ?? [];
      const last = rows
        .map((row) => str(row, 'position'))
        .sort()
        .at(-1);
      if (last !== undefined) {
        for (const taskId of await moveRowsAfter(uow.trx, ws, last)) {
          uow.changed([ws], 'planned', taskId);
        }
      }
      await restoreOwnPlanned(uow, ws, snapshot);
    },
    hideCompleted: (uow, ws, snapshot) => restoreOwnPlanned(uow, ws, snapshot),

    async deleteAutomation(uow, ws, { rows }) {
      const { trx } = uow;
      const automation = rows.automations?.[0];
      if (!automation) throw unavailable('There is nothing to undo.');
      const automationId = str(automation, 'id');
      if (await exists(trx, 'automations', automationId)) {
        throw unavailable('This automation is back already.');
      }
      await policy.requireAutomationRoom(trx, ws);
      await restoreRows(trx, 'automations', [automation]);
      await restoreRows(trx, 'automation_runs', rows.automation_runs ?? []);
      uow.changed([ws], 'automation', automationId);
    },
  };
}

/** Each kind's restore: exactly what its command removed or changed, or a clear refusal. */
export const createRestorers = (policy: Policy): Record<UndoKind, Restorer> => ({
  ...projectRestorers(policy),
  ...otherRestorers(policy),
  finishDay: restoreFinishedDay,
});
