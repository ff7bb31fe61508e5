import { TIME_ENTRIES_SHOWN, type FocusState, type TimeEntry } from '@hustle/shared/focus';
import type { Db } from '../../db/database.ts';
import type { TimeEntriesTable } from '../../db/schema.ts';
import type { UnitOfWork } from '../workspaces/unit-of-work.ts';
import { restoreRows } from '../workspaces/workspaces.service.ts';
import { findTasks, workspacesShowing } from '../tasks/tasks.service.ts';
import * as repo from './focus.repository.ts';

/**
 * The user's timer as every device shows it (issue 30, decision 076): their latest entry while it
 * runs or a pause ended it; nothing once stopped. One index step, read with the workspace answer
 * and with every sync page.
 */
export async function readFocus(db: Db, workspaceId: string): Promise<FocusState | null> {
  const latest = await repo.latestEntry(db, workspaceId);
  if (!latest) return null;
  const running = latest.ended_at === null;
  if (!running && latest.ended_by !== 'pause') return null;
  return {
    taskId: latest.task_id,
    entryId: latest.id,
    startedAt: running ? latest.started_at : null,
    pausedAt: running ? null : latest.ended_at,
    carriedSeconds: Number(latest.carried_seconds) + (running ? 0 : Number(latest.seconds ?? 0)),
    taskName: latest.task_name,
  };
}

/** The caller's entries on a task, newest first, for its details. */
export async function readTimeEntries(
  db: Db,
  workspaceId: string,
  taskId: string,
): Promise<TimeEntry[]> {
  const rows = await repo.listEntries(db, workspaceId, taskId, TIME_ENTRIES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    seconds: Number(row.seconds ?? 0),
  }));
}

/** The user's timer changed: their devices read it again with the next sync. */
export const focusChanged = (uow: UnitOfWork, workspaceId: string) =>
  uow.changed([workspaceId], 'focus', workspaceId);

/** Counts the task's time again into its row and tells everyone who sees the task. */
export async function taskTimeChanged(uow: UnitOfWork, taskId: string): Promise<void> {
  await repo.recountTask(uow.trx, taskId);
  const [task] = await findTasks(uow.trx, [taskId]);
  if (task) uow.changed(await workspacesShowing(uow.trx, task), 'task', taskId);
}

/**
 * Puts deleted entries back (an undo): the ended ones that are not back already and share no
 * moment with an entry their user has now; a running one had no end to keep. Their tasks' time is
 * counted again and their users' timers read again. Answers how many came back.
 */
export async function restoreTimeEntries(
  uow: UnitOfWork,
  rows: readonly Record<string, unknown>[],
): Promise<number> {
  let restored = 0;
  const tasks = new Set<string>();
  for (const row of rows as unknown as TimeEntriesTable[]) {
    if (row.ended_at === null || (await repo.findEntry(uow.trx, row.id))) continue;
    if (await repo.overlapsAny(uow.trx, row.workspace_id, row.started_at, row.ended_at)) continue;
    await restoreRows(uow.trx, 'time_entries', [row as unknown as Record<string, unknown>]);
    focusChanged(uow, row.workspace_id);
    tasks.add(row.task_id);
    restored += 1;
  }
  for (const taskId of tasks) await taskTimeChanged(uow, taskId);
  return restored;
}
