import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { AuthEventsTable, MagicLinksTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

export async function recordAuthEvent(
  db: Db,
  kind: AuthEventsTable['kind'],
  subject: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('auth_events')
    .values({ id: newId(), kind, subject, created_at: now })
    .execute();
}

export async function countAuthEvents(
  db: Db,
  kind: AuthEventsTable['kind'],
  subject: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('auth_events')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteAuthEventsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('auth_events').where('created_at', '<', before).execute();
}

export async function deleteExpiredOneTimeSecrets(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_codes').where('expires_at', '<', before).execute();
  await db.deleteFrom('magic_links').where('expires_at', '<', before).execute();
  await db.deleteFrom('email_change_codes').where('expires_at', '<', before).execute();
  await db.deleteFrom('spent_event_tickets').where('expires_at', '<', before).execute();
}

/** Records an event ticket's use; false when it was used already (here or on another server). */
export async function spendEventTicket(db: Db, id: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .insertInto('spent_event_tickets')
    .values({ id, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertMagicLink(
  db: Db,
  row: Omit<MagicLinksTable, 'used_at'>,
): Promise<void> {
  await db
    .insertInto('magic_links')
    .values({ ...row, used_at: null })
    .execute();
}

/** Marks the link used and returns it, or nothing when it was already used or never existed. */
export async function consumeMagicLink(db: Db, tokenHash: string, now: string) {
  const link = await db
    .selectFrom('magic_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!link || link.used_at) return undefined;
  const result = await db
    .updateTable('magic_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n ? link : undefined;
}

export function findMagicLink(db: Db, tokenHash: string) {
  return db
    .selectFrom('magic_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('workspaces', 'workspaces.owner_user_id', 'users.id')
    .select([
      'users.id as userId',
      'users.email',
      'users.disabled_at as disabledAt',
      'workspaces.id as workspaceId',
    ])
    .where('users.email', '=', email)
    .executeTakeFirst();
}

export async function insertUserWithWorkspace(
  db: Db,
  user: { id: string; email: string; timezone: string; createdAt: string },
  workspaceId: string,
): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: user.id, email: user.email, timezone: user.timezone, created_at: user.createdAt })
    .execute();
  await db
    .insertInto('workspaces')
    .values({ id: workspaceId, owner_user_id: user.id, version: 1, updated_at: user.createdAt })
    .execute();
}

export async function updateUserTimezone(db: Db, userId: string, timezone: string): Promise<void> {
  await db.updateTable('users').set({ timezone }).where('id', '=', userId).execute();
}

export async function insertSession(
  db: Db,
  row: {
    id: string;
    user_id: string;
    token_hash: string;
    created_at: string;
    expires_at: string;
    user_agent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...row, last_used_at: row.created_at, revoked_at: null })
    .execute();
}

const sessionWithUser = (db: Db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('workspaces', 'workspaces.owner_user_id', 'users.id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'sessions.last_used_at as lastUsedAt',
      'sessions.revoked_at as revokedAt',
      'users.id as userId',
      'users.email',
      'users.disabled_at as disabledAt',
      'workspaces.id as workspaceId',
    ]);

// Every authenticated request looks its session up: built once, and on SQLite its rows kept
// until the next write (issue 12's small read).
const sessionByTokenHash = compiledOnce(
  (db, tokenHash: string) => sessionWithUser(db).where('sessions.token_hash', '=', tokenHash),
  { keptWhileUnchanged: true },
);
const sessionById = compiledOnce((db, sessionId: string) =>
  sessionWithUser(db).where('sessions.id', '=', sessionId),
);

export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  return (await sessionByTokenHash(db, tokenHash))[0];
}

export async function findSessionById(db: Db, sessionId: string) {
  return (await sessionById(db, sessionId))[0];
}

export async function touchSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
}

/** Sessions that still sign in: not revoked, not past their absolute or idle expiry. */
export function listLiveSessions(db: Db, userId: string, now: string, idleSince: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_used_at', '>', idleSince)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes one live session of the user; false when it is not theirs or already ended. */
export async function revokeSessionOfUser(
  db: Db,
  userId: string,
  sessionId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Revokes every live session of the user; answers their ids. */
export async function revokeAllSessions(db: Db, userId: string, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  if (rows.length === 0) return [];
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** Revokes every session of the user but one; answers their ids. */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
  now: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute();
  return ids;
}

export async function updateUserEmail(db: Db, userId: string, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}

/** Sign-in secrets of an address nobody uses any more (a changed or deleted account). */
export async function deleteOneTimeSecretsOf(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_codes').where('email', '=', email).execute();
  await db.deleteFrom('magic_links').where('email', '=', email).execute();
}

export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
