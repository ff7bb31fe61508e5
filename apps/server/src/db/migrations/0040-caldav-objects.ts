import { type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 32, decision 079: what a CalDAV client said of a task that Hustle does not model. The
  // resource name it chose (`<uid>.ics` for most), its UID, and its last iCalendar object whole,
  // from which the properties Hustle does not model (alarms, categories, priority, X- ones) are
  // served back unchanged. A task made in Hustle has no row until a client writes it.
  await db.schema
    .createTable('caldav_objects')
    // No foreign key: a deleted task's row outlives it while the change log remembers the
    // delete, so a sync can name the resource gone and an undone delete gets its name back.
    // Rows of tasks gone for longer are pruned with the change log.
    .addColumn('task_id', 'text', (col) => col.primaryKey())
    // The workspace whose client wrote it: erasing that account erases what its apps wrote.
    .addColumn('workspace_id', 'text', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('uid', 'text', (col) => col.notNull())
    .addColumn('kept', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // A client's request names a resource: found by its name, then checked against its list.
  await db.schema
    .createIndex('caldav_objects_name_idx')
    .on('caldav_objects')
    .column('name')
    .execute();
  await db.schema
    .createIndex('caldav_objects_uid_idx')
    .on('caldav_objects')
    .column('uid')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('caldav_objects').execute();
}
