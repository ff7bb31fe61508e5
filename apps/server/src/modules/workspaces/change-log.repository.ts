import { setImmediate as nextTurn } from 'node:timers/promises';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { ChangeLogTable } from '../../db/schema.ts';

const ROWS_PER_INSERT = 500;

// Most commands change one thing in one workspace: that row's insert is built once (issue 12).
const appendChange = compiledOnce(
  (
    db,
    workspaceId: string,
    version: number,
    entity: ChangeLogTable['entity'],
    entityId: string,
    op: ChangeLogTable['op'],
    changedAt: string,
  ) =>
    db.insertInto('change_log').values({
      workspace_id: workspaceId,
      version,
      entity,
      entity_id: entityId,
      op,
      changed_at: changedAt,
    }),
);

export async function appendChanges(db: Db, rows: ChangeLogTable[]): Promise<void> {
  const [only] = rows;
  if (rows.length === 1 && only) {
    const { workspace_id, version, entity, entity_id, op, changed_at } = only;
    await appendChange(db, workspace_id, version, entity, entity_id, op, changed_at);
    return;
  }
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // A large command's log (an import's) would hold the event loop for a second in one go on
    // SQLite, whose statements run on it: other requests get a turn between chunks.
    if (start > 0) await nextTurn();
    await db
      .insertInto('change_log')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}

export async function pruneChangesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('change_log').where('changed_at', '<', before).execute();
}

/** The workspace's change rows after `since` up to `upTo`, oldest first, at most `limit`. */
export function changesBetween(
  db: Db,
  workspaceId: string,
  since: number,
  upTo: number,
  limit?: number,
) {
  let query = db
    .selectFrom('change_log')
    .select(['version', 'entity', 'entity_id as entityId', 'op'])
    .where('workspace_id', '=', workspaceId)
    .where('version', '>', since)
    .where('version', '<=', upTo)
    .orderBy('version')
    .orderBy('entity')
    .orderBy('entity_id');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** Whether the log still holds the changes of that version (older rows are pruned). */
export async function hasChangesAt(db: Db, workspaceId: string, version: number) {
  const row = await db
    .selectFrom('change_log')
    .select('version')
    .where('workspace_id', '=', workspaceId)
    .where('version', '=', version)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
