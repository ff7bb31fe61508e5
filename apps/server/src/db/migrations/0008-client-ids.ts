import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A client-made id is refused while the log still names it, so a late replay of a create
  // cannot bring back what was deleted (docs/decisions/021-client-ids-and-conflicts.md).
  await db.schema
    .createIndex('change_log_entity_idx')
    .on('change_log')
    .column('entity_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('change_log_entity_idx').execute();
}
