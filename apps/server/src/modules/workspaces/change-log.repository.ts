import type { Db } from '../../db/database.ts';
import type { ChangeLogTable } from '../../db/schema.ts';

const ROWS_PER_INSERT = 500;

export async function appendChanges(db: Db, rows: ChangeLogTable[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('change_log')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}

export async function pruneChangesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('change_log').where('changed_at', '<', before).execute();
}
