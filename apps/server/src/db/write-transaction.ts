import { sql } from 'kysely';
import { AppError } from '../lib/errors.ts';
import type { DatabaseHandle, Db } from './database.ts';

const MAX_ATTEMPTS = 4;

/**
 * Runs `work` in one write transaction and retries it when the database says a concurrent
 * transaction got in the way, so two requests racing never answer 5xx:
 * - SQLite: `BEGIN IMMEDIATE` takes the write lock up front, so a transaction never fails half-way
 *   on a lock upgrade; a busy database (another process) is waited for, then retried.
 * - PostgreSQL: READ COMMITTED plus the row locks the caller takes; a deadlock, a serialization
 *   failure or a unique key taken by a parallel insert rolls back and runs the work again, when it
 *   sees the winner's rows.
 * A foreign key that vanished meanwhile (a task deleted while another request plans it) means the
 * thing is gone: 404.
 */
export async function inWriteTransaction<T>(
  database: Pick<DatabaseHandle, 'db' | 'dialect'>,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return database.dialect === 'sqlite'
        ? await immediateSqliteTransaction(database.db, work)
        : await database.db.transaction().execute(work);
    } catch (error) {
      const kind = classify(error);
      if (kind === 'retry' && attempt < MAX_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        continue;
      }
      if (kind === 'gone') throw new AppError('NOT_FOUND', 'That was deleted meanwhile.');
      if (kind === 'retry') {
        throw new AppError('CONFLICT', 'Someone else changed this at the same time. Try again.');
      }
      throw error;
    }
  }
}

async function immediateSqliteTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

const RETRY_CODES = new Set([
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '23505', // unique_violation: a parallel insert won; the retry sees its row
  '55P03', // lock_not_available
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
]);
const GONE_CODES = new Set(['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']);

function classify(error: unknown): 'retry' | 'gone' | 'other' {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'other';
  if (RETRY_CODES.has(code)) return 'retry';
  return GONE_CODES.has(code) ? 'gone' : 'other';
}
