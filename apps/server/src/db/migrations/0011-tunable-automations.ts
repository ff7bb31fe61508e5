import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Automations people tune (docs/decisions/026-tunable-automations.md): weekly and daily beside
  // monthly, a pause, and the instant the schedule last (re)started from. Runs gain the status
  // 'SKIPPED'; their period is a month for monthly automations and a day for the others.
  await db.schema
    .alterTable('automations')
    .addColumn('frequency', 'text', (col) => col.notNull().defaultTo('MONTHLY'))
    .execute();
  await db.schema.alterTable('automations').addColumn('weekdays', 'text').execute();
  await db.schema.alterTable('automations').addColumn('paused_at', 'text').execute();
  await db.schema.alterTable('automations').addColumn('scheduled_from', 'text').execute();
  await db
    .updateTable('automations')
    .set((eb) => ({ scheduled_from: eb.ref('created_at') }))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('automation_runs').where('status', '=', 'SKIPPED').execute();
  for (const column of ['scheduled_from', 'paused_at', 'weekdays', 'frequency']) {
    await db.schema.alterTable('automations').dropColumn(column).execute();
  }
}
