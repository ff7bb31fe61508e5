import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 30 item 5, decision 084: the daily nudges' local times of day ("HH:MM" where the owner
  // is), null when off.
  await db.schema.alterTable('workspaces').addColumn('plan_nudge_at', 'text').execute();
  await db.schema.alterTable('workspaces').addColumn('finish_nudge_at', 'text').execute();
  // The scheduler reads, every pass, only the workspaces with a nudge: few among many, so partial
  // indexes keep that read from walking every workspace.
  await sql`create index workspaces_plan_nudge_idx on workspaces (plan_nudge_at) where plan_nudge_at is not null`.execute(
    db,
  );
  await sql`create index workspaces_finish_nudge_idx on workspaces (finish_nudge_at) where finish_nudge_at is not null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('workspaces_finish_nudge_idx').execute();
  await db.schema.dropIndex('workspaces_plan_nudge_idx').execute();
  await db.schema.alterTable('workspaces').dropColumn('finish_nudge_at').execute();
  await db.schema.alterTable('workspaces').dropColumn('plan_nudge_at').execute();
}
