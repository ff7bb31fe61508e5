import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('automations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('day_of_month', 'integer', (col) => col.notNull())
    .addColumn('task_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('automations_workspace_idx')
    .on('automations')
    .column('workspace_id')
    .execute();

  // The unique key is what guarantees one run per automation per month, whatever number of
  // scheduler processes race for it.
  await db.schema
    .createTable('automation_runs')
    .addColumn('automation_id', 'text', (col) =>
      col.notNull().references('automations.id').onDelete('cascade'),
    )
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('task_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('automation_runs_pk', ['automation_id', 'period'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('automation_runs').execute();
  await db.schema.dropTable('automations').execute();
}
