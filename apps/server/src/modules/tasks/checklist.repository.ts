import type { Db } from '../../db/database.ts';
import type { ChecklistItemsTable } from '../../db/schema.ts';

/** A task's checklist in its order (issue 31): at most a hundred rows, one index read. */
export async function listItems(db: Db, taskId: string): Promise<ChecklistItemsTable[]> {
  return db
    .selectFrom('checklist_items')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The item, wherever it is: an id names one item only. */
export async function findItem(db: Db, itemId: string) {
  return db.selectFrom('checklist_items').selectAll().where('id', '=', itemId).executeTakeFirst();
}

export async function insertItem(db: Db, row: ChecklistItemsTable): Promise<void> {
  await db.insertInto('checklist_items').values(row).execute();
}

export async function updateItem(
  db: Db,
  itemId: string,
  changes: Partial<Pick<ChecklistItemsTable, 'name' | 'done_at' | 'position'>>,
): Promise<void> {
  await db.updateTable('checklist_items').set(changes).where('id', '=', itemId).execute();
}

export async function deleteItem(db: Db, itemId: string): Promise<void> {
  await db.deleteFrom('checklist_items').where('id', '=', itemId).execute();
}

/** The first or last key of the task's checklist; null when it is empty. */
export async function edgePosition(db: Db, taskId: string, edge: 'first' | 'last') {
  const row = await db
    .selectFrom('checklist_items')
    .select('position')
    .where('task_id', '=', taskId)
    .orderBy('position', edge === 'first' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.position ?? null;
}

/** The key right after `position`, not counting `exceptId` (the item being moved). */
export async function nextPosition(db: Db, taskId: string, position: string, exceptId: string) {
  const row = await db
    .selectFrom('checklist_items')
    .select('position')
    .where('task_id', '=', taskId)
    .where('position', '>', position)
    .where('id', '!=', exceptId)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return row?.position ?? null;
}

/** How many items the task has, and how many of them are done. */
export async function countItems(db: Db, taskId: string) {
  const row = await db
    .selectFrom('checklist_items')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.count<number | string>('done_at').as('done'),
    ])
    .where('task_id', '=', taskId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), done: Number(row.done) };
}

/** The marks a task's row shows beside it: kept in step by every change of notes or checklist. */
export async function setTaskMarks(
  db: Db,
  taskId: string,
  marks: { has_notes?: number; checklist_total?: number; checklist_done?: number },
): Promise<void> {
  await db.updateTable('tasks').set(marks).where('id', '=', taskId).execute();
}

export async function readNotes(db: Db, taskId: string): Promise<string> {
  const row = await db
    .selectFrom('tasks')
    .select('notes')
    .where('id', '=', taskId)
    .executeTakeFirst();
  return row?.notes ?? '';
}

export async function writeNotes(
  db: Db,
  taskId: string,
  notes: { notes: string; has_notes: number; updated_at: string },
): Promise<void> {
  await db.updateTable('tasks').set(notes).where('id', '=', taskId).execute();
}
