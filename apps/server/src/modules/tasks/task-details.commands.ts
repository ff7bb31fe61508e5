import type { taskDetailsApi } from '@hustle/shared/task-details.api';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { keyBetween } from '../../lib/ordering.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { CommandHandler } from '../workspaces/command-routes.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import { captureRows, isIdUsed } from '../workspaces/workspaces.service.ts';
import * as checklist from './checklist.repository.ts';
import { checklistChanged } from './task-details.service.ts';
import { addTask, findChangeable, workspacesShowing } from './tasks.service.ts';
import * as repo from './tasks.repository.ts';

type Api = typeof taskDetailsApi;
type Handlers = {
  [Name in Exclude<keyof Api, 'getTaskDetails' | 'getTaskActivity'>]: CommandHandler<Api[Name]>;
};
type ChangeableTask = Awaited<ReturnType<typeof findChangeable>>;

async function findItemOf(trx: Db, task: { id: string }, itemId: string) {
  const item = await checklist.findItem(trx, itemId);
  // An item of another task is as unknown as one that never was.
  if (!item || item.task_id !== task.id) throw notFound('Checklist item');
  return item;
}

type Changeable = (
  uow: UnitOfWork,
  ws: string,
  id: string,
  projectId: string | null,
) => Promise<ChangeableTask>;

/** Notes and checklists of a task (issue 31): anyone who sees the task and may change it. */
export function createTaskDetailsCommands(deps: { policy: Policy }): Handlers {
  const { policy } = deps;
  const changeable: Changeable = (uow, ws, id, projectId) =>
    findChangeable(uow.trx, policy, ws, id, projectId);
  return {
    ...createNotesHandlers(changeable),
    ...createChecklistHandlers(policy, changeable),
    ...createChecklistMoves(policy, changeable),
  };
}

function createNotesHandlers(changeable: Changeable): Pick<Handlers, 'setTaskNotes'> {
  return {
    /** Last writer wins for the whole text (decision 064): notes are one field. */
    async setTaskNotes(uow, { workspaceId: ws, params, body }) {
      const task = await changeable(uow, ws, params.id, body.projectId);
      if ((await checklist.readNotes(uow.trx, task.id)) === body.notes) return;
      await checklist.writeNotes(uow.trx, task.id, {
        notes: body.notes,
        has_notes: body.notes.trim() === '' ? 0 : 1,
        updated_at: uow.now,
      });
      uow.changed(await workspacesShowing(uow.trx, task), 'task', task.id);
    },
  };
}

function createChecklistHandlers(
  policy: Policy,
  changeable: Changeable,
): Pick<Handlers, 'addChecklistItem' | 'updateChecklistItem' | 'deleteChecklistItem'> {
  return {
    /** At the end; the same add sent again (the item's id is the browser's) changes nothing. */
    async addChecklistItem(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      const task = await changeable(uow, ws, params.id, body.projectId);
      const existing = await checklist.findItem(trx, body.itemId);
      if (existing) {
        if (existing.task_id === task.id && existing.name === body.name) return;
        policy.refuseUsedId();
      }
      if (await isIdUsed(trx, body.itemId)) policy.refuseUsedId();
      policy.requireChecklistRoom((await checklist.countItems(trx, task.id)).total);
      const last = await checklist.edgePosition(trx, task.id, 'last');
      await checklist.insertItem(trx, {
        id: body.itemId,
        task_id: task.id,
        name: body.name,
        position: keyBetween(last, null),
        done_at: null,
        created_at: uow.now,
      });
      await checklistChanged(uow, task);
    },

    async updateChecklistItem(uow, { workspaceId: ws, params, body }) {
      const task = await changeable(uow, ws, params.id, body.projectId);
      const item = await findItemOf(uow.trx, task, params.itemId);
      const isDone = item.done_at !== null;
      const changes = {
        ...(body.name !== undefined && body.name !== item.name ? { name: body.name } : {}),
        ...(body.done !== undefined && body.done !== isDone
          ? { done_at: body.done ? uow.now : null }
          : {}),
      };
      if (Object.keys(changes).length === 0) return;
      await checklist.updateItem(uow.trx, item.id, changes);
      await checklistChanged(uow, task);
    },

    async deleteChecklistItem(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      const task = await changeable(uow, ws, params.id, body.projectId);
      const item = await findItemOf(trx, task, params.itemId);
      const undo = await uow.undoable('deleteChecklistItem', {
        rows: { checklist_items: await captureRows(trx, 'checklist_items', 'id', [item.id]) },
      });
      await checklist.deleteItem(trx, item.id);
      await checklistChanged(uow, task);
      return { undo };
    },
  };
}

/** Where items go: another place on the list, or out of it as a task of their own. */
function createChecklistMoves(
  policy: Policy,
  changeable: Changeable,
): Pick<Handlers, 'moveChecklistItem' | 'checklistItemToTask'> {
  return {
    /** One row written: the key between its new neighbours. */
    async moveChecklistItem(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      const task = await changeable(uow, ws, params.id, body.projectId);
      const item = await findItemOf(trx, task, params.itemId);
      if (body.afterItemId === item.id) {
        throw new AppError('VALIDATION_FAILED', 'An item cannot be placed after itself.');
      }
      let position: string;
      if (body.afterItemId === null) {
        const first = await checklist.edgePosition(trx, task.id, 'first');
        if (first === item.position) return;
        position = keyBetween(null, first);
      } else {
        const after = await findItemOf(trx, task, body.afterItemId);
        const next = await checklist.nextPosition(trx, task.id, after.position, item.id);
        if (next === item.position) return;
        position = keyBetween(after.position, next);
      }
      await checklist.updateItem(trx, item.id, { position });
      uow.changed(await workspacesShowing(trx, task), 'task', task.id);
    },

    /**
     * The item becomes an open task beside its task (its project, else the caller's inbox), with
     * the id the browser made; the same command sent again finds it done and changes nothing.
     */
    async checklistItemToTask(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      const task = await changeable(uow, ws, params.id, body.projectId);
      const item = await checklist.findItem(trx, params.itemId);
      if (!item || item.task_id !== task.id) {
        const made = await repo.findTaskForWorkspace(trx, body.taskId, ws);
        if (made && made.project_id === task.project_id) return;
        throw notFound('Checklist item');
      }
      if (await isIdUsed(trx, body.taskId)) policy.refuseUsedId();
      await addTask(uow, policy, {
        home: homeOf(task, ws),
        name: item.name,
        id: body.taskId,
      });
      await checklist.deleteItem(trx, item.id);
      await checklistChanged(uow, task);
    },
  };
}

const homeOf = (task: ChangeableTask, ws: string) =>
  task.project_id ? { projectId: task.project_id } : { workspaceId: ws };
