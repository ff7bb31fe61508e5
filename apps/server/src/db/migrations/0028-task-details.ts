import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 31 (decision 064): a task's notes, read when it opens. The lists read only the marks
  // beside them: whether there are notes, and the checklist's progress, kept by the commands that
  // change them so a list's read joins nothing.
  await db.schema
    .alterTable('tasks')
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(sql.lit('')))
    .execute();
  await db.schema
    .alterTable('tasks')
    .addColumn('has_notes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tasks')
    .addColumn('checklist_total', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tasks')
    .addColumn('checklist_done', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // A checklist's items in their own order (fractional keys, as every ordered list here); they go
  // with their task.
  await db.schema
    .createTable('checklist_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('task_id', 'text', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'text', (col) => col.notNull())
    .addColumn('done_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('checklist_items_order_idx')
    .on('checklist_items')
    .columns(['task_id', 'position', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('checklist_items').execute();
  await db.schema.alterTable('tasks').dropColumn('checklist_done').execute();
  await db.schema.alterTable('tasks').dropColumn('checklist_total').execute();
  await db.schema.alterTable('tasks').dropColumn('has_notes').execute();
  await db.schema.alterTable('tasks').dropColumn('notes').execute();
}
