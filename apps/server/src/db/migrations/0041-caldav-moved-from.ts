import { type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Decision 082: a client moves a task between lists by writing it to the new one and deleting
  // it from the old one, under another name, in either order. The list it left (`inbox` or a
  // project id) and its name there, so that the old list's delete finds it already gone and a
  // sync of the old list names the resource the client knew.
  await db.schema.alterTable('caldav_objects').addColumn('left_list', 'text').execute();
  await db.schema.alterTable('caldav_objects').addColumn('left_name', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('caldav_objects').dropColumn('left_name').execute();
  await db.schema.alterTable('caldav_objects').dropColumn('left_list').execute();
}
