import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Repeats (docs/decisions/063-repeats-as-rrules.md): the rules beyond monthly, weekly and daily
  // are stored as their iCalendar text (a DTSTART line for "every N", then the RRULE), and an
  // automation may add its tasks to a project; a deleted project sends them to the inbox.
  await db.schema.alterTable('automations').addColumn('rule', 'text').execute();
  await db.schema
    .alterTable('automations')
    .addColumn('project_id', 'text', (col) => col.references('projects.id').onDelete('set null'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // The rules only `rule` can say have no older form: those automations go with it.
  await db.deleteFrom('automations').where('rule', 'is not', null).execute();
  await db.schema.alterTable('automations').dropColumn('project_id').execute();
  await db.schema.alterTable('automations').dropColumn('rule').execute();
}
