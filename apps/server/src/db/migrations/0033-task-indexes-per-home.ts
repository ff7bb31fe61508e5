import { sql, type Kysely } from 'kysely';

/**
 * A task lives in a project or in a workspace's inbox, never both (`tasks_one_home`), yet each
 * list-order index held every task: an inbox task had a `(null, position)` entry in each project
 * index and a project task one in each inbox index. Those entries answered no query (every read
 * names its project or workspace) and cost every write: a new task dirtied a page of the other
 * home's indexes too, scattered over one long run of nulls. Each index now holds its own home's
 * tasks only; `project_id = ?` and `workspace_id = ?` imply the condition, so the same queries
 * use them on SQLite and PostgreSQL.
 */
const INDEXES = [
  { name: 'tasks_project_order_idx', home: 'project_id', columns: ['position'], only: null },
  { name: 'tasks_workspace_order_idx', home: 'workspace_id', columns: ['position'], only: null },
  {
    name: 'tasks_project_open_order_idx',
    home: 'project_id',
    columns: ['position', 'id'],
    only: 'completed_at is null',
  },
  {
    name: 'tasks_workspace_open_order_idx',
    home: 'workspace_id',
    columns: ['position', 'id'],
    only: 'completed_at is null',
  },
  {
    name: 'tasks_project_done_order_idx',
    home: 'project_id',
    columns: ['position', 'id'],
    only: 'completed_at is not null',
  },
  {
    name: 'tasks_project_completed_by_idx',
    home: 'project_id',
    columns: ['completed_by'],
    only: 'completed_by is not null',
  },
] as const;

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    const kept = [`${index.home} is not null`, ...(index.only ? [index.only] : [])];
    await db.schema
      .createIndex(index.name)
      .on('tasks')
      .columns([index.home, ...index.columns])
      .where(sql.raw<boolean>(kept.join(' and ')))
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.dropIndex(index.name).execute();
    const builder = db.schema
      .createIndex(index.name)
      .on('tasks')
      .columns([index.home, ...index.columns]);
    await (index.only ? builder.where(sql.raw<boolean>(index.only)) : builder).execute();
  }
}
