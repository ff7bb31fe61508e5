import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // What each command changed, per workspace and version: the feed of incremental sync and of
  // live fan-out. Pruned by age (docs/decisions/013-one-write-path.md).
  await db.schema
    .createTable('change_log')
    .addColumn('workspace_id', 'text', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('op', 'text', (col) => col.notNull())
    .addColumn('changed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('change_log_pk', ['workspace_id', 'version', 'entity', 'entity_id'])
    .execute();
  await db.schema.createIndex('change_log_age_idx').on('change_log').column('changed_at').execute();

  // The first answer to a command sent with an Idempotency-Key, replayed to its repeats.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_age_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();

  // One active invite link per project. Parallel reads once made several: keep the newest.
  await sql`
    update invites set revoked_at = created_at
    where revoked_at is null and exists (
      select 1 from invites newer
      where newer.project_id = invites.project_id and newer.revoked_at is null
        and (newer.created_at > invites.created_at
             or (newer.created_at = invites.created_at and newer.id > invites.id))
    )`.execute(db);
  await db.schema
    .createIndex('invites_one_active_idx')
    .on('invites')
    .column('project_id')
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invites_one_active_idx').execute();
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('change_log').execute();
}
