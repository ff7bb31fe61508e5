import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // spec §2: a project card says 'You have completed N task(s)' to its reader, so a completion
  // records whose it was: the workspace of the user who checked the task off (issue 28).
  await db.schema.alterTable('tasks').addColumn('completed_by', 'text').execute();

  // Who completed the tasks done before this release is not known. They are put down to the
  // workspace that holds the task (the project's owner), whose card counted them until now;
  // a member's card starts from what the member completes from here on.
  await db
    .updateTable('tasks')
    .set({
      completed_by: sql`coalesce(workspace_id, (select p.owner_workspace_id from projects p where p.id = tasks.project_id))`,
    })
    .where('completed_at', 'is not', null)
    .execute();

  // A card's count is read from this index alone, as the other counts are (0014, 0015).
  await db.schema
    .createIndex('tasks_project_completed_by_idx')
    .on('tasks')
    .columns(['project_id', 'completed_by'])
    .where(sql.ref('completed_by'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tasks_project_completed_by_idx').execute();
  await db.schema.alterTable('tasks').dropColumn('completed_by').execute();
}
