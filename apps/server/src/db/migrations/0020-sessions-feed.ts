import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import app code.
// The channel the server listens on (db/sessions-feed.ts), spelled out here on purpose.
const CHANNEL = 'hustle_sessions';

/**
 * PostgreSQL only (decision 052): every change that can end a session or alter what its lookup
 * answers is announced on a channel at commit, so each instance drops the session lookups it
 * keeps. Triggers rather than the code that ends sessions, so nothing has to remember to tell.
 * A session's `last_used_at` alone is not announced: it moves on use, and ends nothing.
 * SQLite has no other instance to tell.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create function hustle_sessions_changed() returns trigger language plpgsql as $$
       begin
         perform pg_notify('${CHANNEL}', tg_table_name);
         return null;
       end $$`,
    )
    .execute(db);
  const triggers = [
    'sessions_changed after update of revoked_at, expires_at, token_hash, user_id on sessions',
    'sessions_deleted after delete on sessions',
    'users_changed after update of id, email on users',
    'users_deleted after delete on users',
  ];
  for (const trigger of triggers) {
    await sql
      .raw(
        `create trigger ${trigger} for each statement execute function hustle_sessions_changed()`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [name, table] of [
    ['sessions_changed', 'sessions'],
    ['sessions_deleted', 'sessions'],
    ['users_changed', 'users'],
    ['users_deleted', 'users'],
  ]) {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
  }
  await sql.raw('drop function hustle_sessions_changed()').execute(db);
}
