import { type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 30: a day its user finished on purpose ("Finish the day"), in the workspace whose plan it
  // was (planning is per workspace, decision 060), with the one-line note shown at the top of the
  // next day's plan. The logbook counts these as the days whose plan was finished.
  await db.schema
    .createTable('day_reviews')
    .addColumn('workspace_id', 'text', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('day_reviews_pk', ['workspace_id', 'day'])
    .execute();
  // The logbook pages completed tasks by when they were completed, newest first, per workspace of
  // whoever completed them.
  await db.schema
    .createIndex('tasks_completed_by_at_idx')
    .on('tasks')
    .columns(['completed_by', 'completed_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tasks_completed_by_at_idx').execute();
  await db.schema.dropTable('day_reviews').execute();
}
