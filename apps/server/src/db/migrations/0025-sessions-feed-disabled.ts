import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: the kept session lookup answers `users.disabled_at` too (a disabled account
 * is refused even by a session a racing sign-in just made), so disabling an account is announced
 * like an e-mail change. Migration 0020 left the column out.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop trigger users_changed on users').execute(db);
  await sql
    .raw(
      `create trigger users_changed after update of id, email, disabled_at on users
       for each statement execute function hustle_sessions_changed()`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop trigger users_changed on users').execute(db);
  await sql
    .raw(
      `create trigger users_changed after update of id, email on users
       for each statement execute function hustle_sessions_changed()`,
    )
    .execute(db);
}
