import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 32: one calendar feed per account and per project; its address is its id signed by
  // the server, so nothing here opens a feed on its own.
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Null: the account's feed.
    .addColumn('project_id', 'text', (col) => col.references('projects.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('calendar_feeds_account_idx')
    .on('calendar_feeds')
    .column('user_id')
    .unique()
    .where(sql.ref('project_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('calendar_feeds_project_idx')
    .on('calendar_feeds')
    .columns(['user_id', 'project_id'])
    .unique()
    .where(sql.ref('project_id'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
