import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Ordering keys compare byte-wise; PostgreSQL's default collation would not (decision 003).
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const orderKey = (col: ColumnDefinitionBuilder) =>
    (isPostgres ? col.modifyEnd(sql`collate "C"`) : col).notNull();

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('plan', 'text', (col) => col.notNull())
    .addColumn('is_trial', 'integer', (col) => col.notNull())
    .addColumn('trial_end_date', 'text')
    .addColumn('expiration_date', 'text')
    .addColumn('provider_customer_id', 'text')
    .addColumn('provider_subscription_id', 'text')
    .addColumn('provider_state_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_workspace_id', 'text', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('color', 'text')
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('projects_owner_idx')
    .on('projects')
    .column('owner_workspace_id')
    .execute();

  await db.schema
    .createTable('workspace_projects')
    .addColumn('workspace_id', 'text', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'text', (col) =>
      col.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('position', 'text', orderKey)
    .addColumn('joined_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('workspace_projects_pk', ['workspace_id', 'project_id'])
    .execute();
  await db.schema
    .createIndex('workspace_projects_order_idx')
    .on('workspace_projects')
    .columns(['workspace_id', 'position'])
    .execute();
  await db.schema
    .createIndex('workspace_projects_project_idx')
    .on('workspace_projects')
    .column('project_id')
    .execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.references('workspaces.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (col) => col.references('projects.id').onDelete('cascade'))
    .addColumn('automation_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'text', orderKey)
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    // A task lives in exactly one place: a workspace's inbox or a project.
    .addCheckConstraint(
      'tasks_one_home',
      sql`(workspace_id is null and project_id is not null) or (workspace_id is not null and project_id is null)`,
    )
    .execute();
  await db.schema
    .createIndex('tasks_project_order_idx')
    .on('tasks')
    .columns(['project_id', 'position'])
    .execute();
  await db.schema
    .createIndex('tasks_workspace_order_idx')
    .on('tasks')
    .columns(['workspace_id', 'position'])
    .execute();

  await db.schema
    .createTable('planned_tasks')
    .addColumn('workspace_id', 'text', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('task_id', 'text', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('position', 'text', orderKey)
    .addPrimaryKeyConstraint('planned_tasks_pk', ['workspace_id', 'task_id'])
    .execute();
  await db.schema
    .createIndex('planned_tasks_order_idx')
    .on('planned_tasks')
    .columns(['workspace_id', 'position'])
    .execute();
  await db.schema
    .createIndex('planned_tasks_task_idx')
    .on('planned_tasks')
    .column('task_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'planned_tasks',
    'tasks',
    'workspace_projects',
    'projects',
    'subscriptions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
