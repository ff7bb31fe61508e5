import type { Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The account screen names each signed-in device by the browser that signed in
  // (docs/decisions/027-account.md); sessions made before this release have none.
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();

  // A change of sign-in address waits here until the code mailed to the new address is entered.
  // One pending change per user; the code follows the login code's rules (decision 006).
  await db.schema
    .createTable('email_change_codes')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('new_email', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_change_codes').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}
