import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { keyBetween, keysAfter } from '../../lib/ordering.ts';

/** An ordered list: rows of `table` whose `scope` column holds `value`, ordered by `position`. */
export interface OrderedList {
  table: 'tasks' | 'planned_tasks' | 'workspace_projects' | 'checklist_items';
  scope: 'workspace_id' | 'project_id' | 'task_id';
  value: string;
}

/**
 * The place a restored row takes in its list: its own key when free, so it lands exactly where it
 * was among the rows that stayed; when a row added meanwhile holds that key (a task added last
 * gets the key of the one deleted last), just before that row, which came later.
 */
export async function freePosition(db: Db, list: OrderedList, position: string): Promise<string> {
  const { rows } = await sql<{ position: string }>`
    select position from ${sql.table(list.table)}
    where ${sql.ref(list.scope)} = ${list.value} and position <= ${position}
    order by position desc
    limit 1`.execute(db);
  if (rows[0]?.position !== position) return position;
  const { rows: before } = await sql<{ position: string }>`
    select position from ${sql.table(list.table)}
    where ${sql.ref(list.scope)} = ${list.value} and position < ${position}
    order by position desc
    limit 1`.execute(db);
  return keyBetween(before[0]?.position ?? null, position);
}

/** The workspace's Execute list as it is now, in order. */
export async function plannedRowsOf(db: Db, workspaceId: string) {
  const { rows } = await sql<{ task_id: string; position: string }>`
    select task_id, position from planned_tasks
    where workspace_id = ${workspaceId}
    order by position, task_id`.execute(db);
  return rows;
}

export async function setPlannedPosition(
  db: Db,
  workspaceId: string,
  taskId: string,
  position: string,
): Promise<void> {
  await sql`
    update planned_tasks set position = ${position}
    where workspace_id = ${workspaceId} and task_id = ${taskId}`.execute(db);
}

/** Puts a planned row back on the day, count and place it had (a finished day's undo). */
export async function setPlannedPlace(
  db: Db,
  workspaceId: string,
  taskId: string,
  place: { day: string; carried: number; position: string },
): Promise<void> {
  await sql`
    update planned_tasks
    set day = ${place.day}, carried = ${place.carried}, position = ${place.position}
    where workspace_id = ${workspaceId} and task_id = ${taskId}`.execute(db);
}

/**
 * Moves every row of the list from `after` on to follow it: "Move all tasks to planning" emptied
 * the list, so what was planned since starts again from the first key and would interleave with
 * the rows coming back; it follows them instead, as the later plans they are.
 */
export async function moveRowsAfter(db: Db, workspaceId: string, after: string) {
  const rows = await plannedRowsOf(db, workspaceId);
  const keys = keysAfter(after, rows.length);
  for (const [index, row] of rows.entries()) {
    await setPlannedPosition(db, workspaceId, row.task_id, keys[index]!);
  }
  return rows.map((row) => row.task_id);
}
