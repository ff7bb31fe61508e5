import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 31, decision 087: who changed a shared task and how, one row per task a command
  // changed, written by the unit of work. No foreign keys: a row outlives a deleted task (whose
  // delete may be undone) until it is pruned by age; an account's erasure removes its rows.
  await db.schema
    .createTable('task_activity')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('task_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('task_activity_task_idx')
    .on('task_activity')
    .columns(['task_id', 'at'])
    .execute();
  await db.schema.createIndex('task_activity_age_idx').on('task_activity').column('at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('task_activity').execute();
}
