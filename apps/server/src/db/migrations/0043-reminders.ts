import { type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Issue 30 item 5, decision 080. The server's Web Push (VAPID) key pair, made once by the first
  // process that needs it: in the database, so every instance of a cluster signs with the same one.
  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // One browser of one user: where the push service takes its messages and the keys that encrypt
  // them. An endpoint belongs to one browser, so it is the key; signing in as another user there
  // moves it.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
  // A task's reminder: the instant (UTC) and the workspace of whoever set it, who is reminded.
  await db.schema.alterTable('tasks').addColumn('remind_at', 'text').execute();
  await db.schema.alterTable('tasks').addColumn('remind_workspace_id', 'text').execute();
  await db.schema.createIndex('tasks_remind_at_idx').on('tasks').column('remind_at').execute();
  // Every reminder fired or dropped, once: the key (what, whose, when due) is claimed by inserting
  // it, so of several schedulers racing exactly one sends. `outcome` says what became of it.
  await db.schema
    .createTable('reminder_firings')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('due_at', 'text', (col) => col.notNull())
    .addColumn('workspace_id', 'text', (col) =>
      col.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('fired_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('reminder_firings_pk', ['kind', 'subject_id', 'due_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reminder_firings').execute();
  await db.schema.dropIndex('tasks_remind_at_idx').execute();
  await db.schema.alterTable('tasks').dropColumn('remind_workspace_id').execute();
  await db.schema.alterTable('tasks').dropColumn('remind_at').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('server_keys').execute();
}
