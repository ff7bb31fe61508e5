import type { Db, DialectName } from './database.ts';

/**
 * Holds the user until the transaction ends, so two requests of one user that read, then write
 * rows of theirs (tokens, calendar feeds) run one after the other. PostgreSQL locks the user's
 * row; SQLite has no row locks, and writing first takes its write lock before anything is read
 * (another process then waits, rather than failing to upgrade a read).
 */
export async function lockUser(db: Db, dialect: DialectName, userId: string): Promise<void> {
  if (dialect === 'postgres') {
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  } else {
    await db.updateTable('users').set({ id: userId }).where('id', '=', userId).execute();
  }
}
