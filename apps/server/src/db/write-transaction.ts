import type { DatabaseHandle, Db } from './database.ts';
import { createSqliteGroupCommit } from './sqlite-group-commit.ts';
import { retryingWrites } from './write-errors.ts';

export interface WriteTransactions {
  /**
   * Runs `work` in a write transaction and retries it when the database says a concurrent
   * transaction got in the way, so two requests racing never answer 5xx; settles once the commit
   * is durable. A foreign key that vanished meanwhile (a task deleted while another request plans
   * it) means the thing is gone: 404.
   */
  run<T>(work: (trx: Db) => Promise<T>): Promise<T>;
}

/**
 * - SQLite: one writer at a time anyway, so commands are committed in groups (decision 034):
 *   `BEGIN IMMEDIATE` takes the write lock up front, so a transaction never fails half-way on a
 *   lock upgrade; each command runs in a savepoint of its own and is rerun there.
 * - PostgreSQL: a transaction per command on the pool, READ COMMITTED plus the row locks the
 *   caller takes; a deadlock, a serialization failure or a unique key taken by a parallel insert
 *   rolls back and runs the work again, when it sees the winner's rows.
 */
export function createWriteTransactions(
  database: Pick<DatabaseHandle, 'db' | 'dialect' | 'walCheckpointer'>,
): WriteTransactions {
  if (database.dialect === 'sqlite') {
    return createSqliteGroupCommit(database.db, database.walCheckpointer?.nudge);
  }
  return { run: (work) => retryingWrites(() => database.db.transaction().execute(work)) };
}
