import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // What a paying user manages (docs/decisions/023-subscription-management.md): the period billed
  // now, a switch waiting for the renewal, a cancellation at the period's end, a failed payment.
  await db.schema.alterTable('subscriptions').addColumn('billing_period', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('next_period', 'text').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('payment_failed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Paid sandbox checkouts are the sandbox's invoices, so the outcome is kept.
  await db.schema.alterTable('sandbox_checkouts').addColumn('outcome', 'text').execute();

  await db.schema
    .createTable('sandbox_portal_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sandbox_portal_sessions').execute();
  await db.schema.alterTable('sandbox_checkouts').dropColumn('outcome').execute();
  for (const column of [
    'payment_failed',
    'cancel_at_period_end',
    'next_period',
    'billing_period',
  ]) {
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
  }
}
