import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UndoEntriesTable } from '../../db/schema.ts';

export async function insertEntry(db: Db, row: UndoEntriesTable): Promise<void> {
  await db.insertInto('undo_entries').values(row).execute();
}

export function findEntry(db: Db, id: string) {
  return db.selectFrom('undo_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markUndone(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('undo_entries').set({ undone_at: at }).where('id', '=', id).execute();
}

/**
 * A user's entries of one command kind in a workspace that can still be undone, newest first,
 * narrowed to those whose snapshot mentions `mentioning` (the caller reads the snapshot to be sure).
 */
export function openEntriesMentioning(
  db: Db,
  of: { userId: string; workspaceId: string; kind: string },
  mentioning: string,
  now: string,
) {
  return db
    .selectFrom('undo_entries')
    .select(['id', 'snapshot'])
    .where('kind', '=', of.kind)
    .where('user_id', '=', of.userId)
    .where('workspace_id', '=', of.workspaceId)
    .where('undone_at', 'is', null)
    .where('expires_at', '>', now)
    .where('snapshot', 'like', `%${mentioning}%`)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function pruneEntriesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('undo_entries').where('expires_at', '<', before).execute();
}

const ROWS_PER_INSERT = 100;

/** Whole rows of a table whose `column` is one of `values`: every column, known here or not. */
export async function selectRows(
  db: Db,
  table: string,
  column: string,
  values: readonly string[],
): Promise<Record<string, unknown>[]> {
  if (values.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)}
    where ${sql.ref(column)} in (${sql.join(values)})`.execute(db);
  return rows;
}

/** Puts whole rows back, with exactly the columns they were read with. */
export async function insertRows(
  db: Db,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const columns = Object.keys(chunk[0]!);
    const values = chunk.map(
      (row) => sql`(${sql.join(columns.map((column) => row[column] ?? null))})`,
    );
    await sql`
      insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      values ${sql.join(values)}`.execute(db);
  }
}
