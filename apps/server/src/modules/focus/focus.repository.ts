import type { Db } from '../../db/database.ts';
import type { TimeEntriesTable } from '../../db/schema.ts';

/**
 * The user's latest entry, their timer when it runs or a pause ended it: the running one (the
 * unique partial index), else the last to start, the longer of two that start together (a start
 * that ended another at its own start leaves an entry of no length). One index step each.
 */
export async function latestEntry(db: Db, workspaceId: string) {
  const base = db
    .selectFrom('time_entries as e')
    .innerJoin('tasks as t', 't.id', 'e.task_id')
    .selectAll('e')
    .select('t.name as task_name')
    .where('e.workspace_id', '=', workspaceId);
  const running = await base.where('e.ended_at', 'is', null).executeTakeFirst();
  if (running) return running;
  return base
    .where('e.ended_at', 'is not', null)
    .orderBy('e.started_at', 'desc')
    .orderBy('e.ended_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findEntry(db: Db, entryId: string) {
  return db.selectFrom('time_entries').selectAll().where('id', '=', entryId).executeTakeFirst();
}

export async function insertEntry(db: Db, row: TimeEntriesTable): Promise<void> {
  await db.insertInto('time_entries').values(row).execute();
}

export async function updateEntry(
  db: Db,
  entryId: string,
  changes: Partial<Pick<TimeEntriesTable, 'ended_at' | 'seconds' | 'ended_by'>>,
): Promise<void> {
  await db.updateTable('time_entries').set(changes).where('id', '=', entryId).execute();
}

export async function deleteEntry(db: Db, entryId: string): Promise<void> {
  await db.deleteFrom('time_entries').where('id', '=', entryId).execute();
}

/** Whether any of the user's entries shares a moment with [from, to). */
export async function overlapsAny(db: Db, workspaceId: string, from: string, to: string) {
  const row = await db
    .selectFrom('time_entries')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('started_at', '<', to)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', from)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A task's entries by one user, newest first, at most `limit`. */
export async function listEntries(db: Db, workspaceId: string, taskId: string, limit: number) {
  return db
    .selectFrom('time_entries')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('workspace_id', '=', workspaceId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A user's entries on a task from `since` on, newest first: what a session may carry. */
export async function entriesSince(db: Db, workspaceId: string, taskId: string, since: string) {
  return db
    .selectFrom('time_entries')
    .select(['id', 'seconds'])
    .where('task_id', '=', taskId)
    .where('workspace_id', '=', workspaceId)
    .where('started_at', '>=', since)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The task's time counted again from its ended entries, everyone's, into its row. */
export async function recountTask(db: Db, taskId: string): Promise<void> {
  const row = await db
    .selectFrom('time_entries')
    .select((eb) => eb.fn.sum<number | string | null>('seconds').as('total'))
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('tasks')
    .set({ actual_seconds: Number(row.total ?? 0) })
    .where('id', '=', taskId)
    .execute();
}
