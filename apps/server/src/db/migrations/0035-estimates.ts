import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 30 (decision 070): how long a task will take, in whole minutes (5 to 480); null for
  // none. It is small, so the lists read it with the task.
  await db.schema.alterTable('tasks').addColumn('estimate_minutes', 'integer').execute();
  // How much work each weekday holds: seven whole numbers of minutes, Monday first, written
  // "360,360,360,360,360,360,0"; null keeps the default of six hours a day.
  await db.schema.alterTable('workspaces').addColumn('day_capacity', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workspaces').dropColumn('day_capacity').execute();
  await db.schema.alterTable('tasks').dropColumn('estimate_minutes').execute();
}
