import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 30 (decision 076): time spent on a task as entries, each a start and an end (null while
  // it runs), in the workspace of the user who worked. A pause ends an entry and a resume starts
  // the next, carrying the session's time before it; `seconds` is written when it ends.
  await db.schema
    .createTable('time_entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('task_id', 'text', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('seconds', 'integer')
    .addColumn('ended_by', 'text')
    .addColumn('carried_seconds', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // One running timer per user, held by the database as well as by the command.
  await db.schema
    .createIndex('time_entries_one_running_idx')
    .on('time_entries')
    .column('workspace_id')
    .unique()
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  // The user's latest entry (their timer) and a task's entries, newest first.
  await db.schema
    .createIndex('time_entries_workspace_idx')
    .on('time_entries')
    .columns(['workspace_id', 'started_at', 'ended_at'])
    .execute();
  await db.schema
    .createIndex('time_entries_task_idx')
    .on('time_entries')
    .columns(['task_id', 'workspace_id', 'started_at'])
    .execute();
  // The lists show a task's time beside its estimate: kept on the row by the commands that end or
  // delete an entry, so a list's read joins nothing (decision 029).
  await db.schema
    .alterTable('tasks')
    .addColumn('actual_seconds', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('actual_seconds').execute();
  await db.schema.dropTable('time_entries').execute();
}
