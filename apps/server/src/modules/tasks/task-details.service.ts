import type { TimeEntry } from '@hustle/shared/focus';
import type { TaskActivity, TaskDetails } from '@hustle/shared/task-details';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { readActivity } from '../workspaces/task-activity.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import * as checklist from './checklist.repository.ts';
import * as repo from './tasks.repository.ts';
import { workspacesShowing } from './tasks.service.ts';
import { planMarkOf, toTask } from './task-view.ts';

/** The caller's time entries on a task (issue 30): the focus module's, given by the app. */
export type ReadTimeEntries = (db: Db, workspaceId: string, taskId: string) => Promise<TimeEntry[]>;

/**
 * An opened task (issue 31): its row as the caller's workspace sees it, its notes and checklist,
 * and the caller's time on it. Read on open, never with the lists (decision 064).
 */
export async function readTaskDetails(
  db: Db,
  readTimeEntries: ReadTimeEntries,
  workspaceId: string,
  taskId: string,
): Promise<TaskDetails> {
  const task = await repo.findTaskForWorkspace(db, taskId, workspaceId);
  if (!task) throw notFound('Task');
  const [notes, items, timeEntries] = await Promise.all([
    checklist.readNotes(db, taskId),
    checklist.listItems(db, taskId),
    readTimeEntries(db, workspaceId, taskId),
  ]);
  return {
    taskId,
    task: toTask(task, planMarkOf(task)),
    notes,
    checklist: items.map((item) => ({ id: item.id, name: item.name, done: item.done_at !== null })),
    timeEntries,
  };
}

/**
 * Who changed a task and how (decision 087), newest first: seen exactly as the task is, so a
 * task the caller cannot see answers 404.
 */
export async function readTaskActivity(
  db: Db,
  caller: { userId: string; workspaceId: string },
  taskId: string,
): Promise<TaskActivity> {
  const task = await repo.findTaskForWorkspace(db, taskId, caller.workspaceId);
  if (!task) throw notFound('Task');
  const on = { id: taskId, projectId: task.project_id };
  return { taskId, entries: await readActivity(db, on, caller.userId) };
}

/** A checklist item wherever it is, for the undo of its delete. */
export const findChecklistItem = (db: Db, itemId: string) => checklist.findItem(db, itemId);

/** How many items a task's checklist holds. */
export const checklistSize = async (db: Db, taskId: string) =>
  (await checklist.countItems(db, taskId)).total;

/** Counts the checklist again into the task's row and tells everyone who sees the task. */
export async function checklistChanged(
  uow: UnitOfWork,
  task: { id: string; project_id: string | null; workspace_id: string | null },
) {
  const { total, done } = await checklist.countItems(uow.trx, task.id);
  await checklist.setTaskMarks(uow.trx, task.id, { checklist_total: total, checklist_done: done });
  uow.changed(await workspacesShowing(uow.trx, task), 'task', task.id);
}
