import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 33 (docs/decisions/057-instance-admin.md): an admin may disable an account, and give
  // it its own features (a JSON list; null follows the server's FEATURE_FLAGS).
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('feature_flags', 'text').execute();

  // Every admin action, kept when the account it was about is erased: no foreign keys, and the
  // addresses as they were at the time.
  await db.schema
    .createTable('admin_actions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('admin_email', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('target_user_id', 'text', (col) => col.notNull())
    .addColumn('target_email', 'text', (col) => col.notNull())
    .addColumn('feature_flags', 'text')
    .execute();
  await db.schema
    .createIndex('admin_actions_created_idx')
    .on('admin_actions')
    .columns(['created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_actions').execute();
  await db.schema.alterTable('users').dropColumn('feature_flags').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
