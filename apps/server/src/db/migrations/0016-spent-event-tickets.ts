import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 28: an event ticket opens one stream, on whichever server it reaches
  // (docs/decisions/044-single-use-tickets-and-callback-origins.md). A used ticket's id is kept
  // until the ticket has expired anyway.
  await db.schema
    .createTable('spent_event_tickets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('spent_event_tickets_age_idx')
    .on('spent_event_tickets')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('spent_event_tickets').execute();
}
