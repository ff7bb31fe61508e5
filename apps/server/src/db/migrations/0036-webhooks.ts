import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 32: an account's webhook endpoints. The signing secret is not stored: it is derived
  // from the server's key and the row's salt, so a copy of the database alone signs nothing.
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    // The events, space-separated ("task.created task.completed").
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('secret_salt', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    // 'owner' or 'failing'; null while enabled.
    .addColumn('disabled_reason', 'text')
    // Since when every attempt failed; null after a success.
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_user_idx')
    .on('webhook_endpoints')
    .columns(['user_id', 'created_at'])
    .execute();
  // The outbox and the delivery log in one: written in the transaction of the change it tells
  // of, claimed by a worker with a lease, kept with its last attempt's outcome.
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('endpoint_id', 'text', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    // 'pending', 'delivered' or 'failed'.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'text')
    // A worker's claim: until then no other worker takes it.
    .addColumn('lease_until', 'text')
    .addColumn('claim', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
