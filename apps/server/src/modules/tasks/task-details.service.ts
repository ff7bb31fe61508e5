import type { TaskDetails } from '@hustle/shared/task-details';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Policy } from '../policy/policy.service.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import { restoreRows } from '../workspaces/workspaces.service.ts';
import { freePosition } from '../undo/undo.repository.ts';
import * as checklist from './checklist.repository.ts';
import * as plannedRepo from './planned.repository.ts';
import { checklistChanged } from './task-details.commands.ts';
import { findChangeable } from './tasks.commands.ts';
import * as repo from './tasks.repository.ts';
import { toTask } from './task-view.ts';

/**
 * An opened task (issue 31): its row as the caller's workspace sees it, its notes and checklist.
 * Read on open, never with the lists (decision 064).
 */
export async function readTaskDetails(
  db: Db,
  workspaceId: string,
  taskId: string,
): Promise<TaskDetails> {
  const task = await repo.findTaskForWorkspace(db, taskId, workspaceId);
  if (!task) throw notFound('Task');
  const [planned, notes, items] = await Promise.all([
    plannedRepo.findPlanned(db, workspaceId, taskId),
    checklist.readNotes(db, taskId),
    checklist.listItems(db, taskId),
  ]);
  return {
    taskId,
    task: toTask(task, planned ? { day: planned.day, carried: Number(planned.carried) } : null),
    notes,
    checklist: items.map((item) => ({ id: item.id, name: item.name, done: item.done_at !== null })),
  };
}

const unavailable = (message: string) => new AppError('UNDO_UNAVAILABLE', message);

/**
 * Undo of a deleted checklist item (decision 025): back where it was, if its task is still there
 * for the caller to change and its checklist has room.
 */
export async function restoreChecklistItem(
  uow: UnitOfWork,
  policy: Policy,
  workspaceId: string,
  row: Record<string, unknown> | undefined,
): Promise<void> {
  const { trx } = uow;
  if (!row) throw unavailable('There is nothing to undo.');
  const [itemId, taskId] = [String(row.id), String(row.task_id)];
  if (await checklist.findItem(trx, itemId)) throw unavailable('This item is back already.');
  const task = await findChangeable(trx, policy, workspaceId, taskId).catch(() => {
    throw unavailable('Its task is gone or cannot be changed now, so the item cannot come back.');
  });
  policy.requireChecklistRoom((await checklist.countItems(trx, taskId)).total);
  const list = { table: 'checklist_items', scope: 'task_id', value: taskId } as const;
  const position = await freePosition(trx, list, String(row.position));
  await restoreRows(trx, 'checklist_items', [{ ...row, position }]);
  await checklistChanged(uow, task);
}
