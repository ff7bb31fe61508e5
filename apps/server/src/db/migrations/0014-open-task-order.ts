import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 12: the workspace answer reads the first open tasks of each project and of the inbox
  // (docs/decisions/029-bounded-workspace-answer.md). Indexes of the open rows only, in list
  // order, let each read stop after its page instead of stepping over every completed task.
  await db.schema
    .createIndex('tasks_project_open_order_idx')
    .on('tasks')
    .columns(['project_id', 'position', 'id'])
    .where(sql.ref('completed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('tasks_workspace_open_order_idx')
    .on('tasks')
    .columns(['workspace_id', 'position', 'id'])
    .where(sql.ref('completed_at'), 'is', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tasks_workspace_open_order_idx').execute();
  await db.schema.dropIndex('tasks_project_open_order_idx').execute();
}
