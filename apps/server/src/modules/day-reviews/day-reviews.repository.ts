import type { Db } from '../../db/database.ts';
import type { DayReviewsTable } from '../../db/schema.ts';

/** The workspace's review of one day, if it finished that day. */
export async function findReview(db: Db, workspaceId: string, day: string) {
  return db
    .selectFrom('day_reviews')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('day', '=', day)
    .executeTakeFirst();
}

/** The newest day the workspace finished: one step along its primary key. */
export async function newestReview(db: Db, workspaceId: string) {
  return db
    .selectFrom('day_reviews')
    .select(['day', 'note'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Keeps the day's review; finishing a day again replaces its note and time. */
export async function putReview(db: Db, row: DayReviewsTable): Promise<void> {
  await db
    .insertInto('day_reviews')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'day'])
        .doUpdateSet({ finished_at: row.finished_at, note: row.note }),
    )
    .execute();
}

export async function deleteReview(db: Db, workspaceId: string, day: string): Promise<void> {
  await db
    .deleteFrom('day_reviews')
    .where('workspace_id', '=', workspaceId)
    .where('day', '=', day)
    .execute();
}
