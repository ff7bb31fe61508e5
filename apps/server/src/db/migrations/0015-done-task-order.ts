import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 12: a project's tasks come in pages, open ones then completed ones
  // (docs/decisions/035-paged-project-tasks.md). The open ones have their index (0014); this
  // one lets a page of completed tasks stop after its rows instead of stepping over every open
  // task before them.
  await db.schema
    .createIndex('tasks_project_done_order_idx')
    .on('tasks')
    .columns(['project_id', 'position', 'id'])
    .where(sql.ref('completed_at'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tasks_project_done_order_idx').execute();
}
