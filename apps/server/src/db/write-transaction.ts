import type { DatabaseHandle, Db } from './database.ts';
import { createPgGroupCommit, type GroupLock } from './pg-group-commit.ts';
import { createSqliteGroupCommit } from './sqlite-group-commit.ts';
import { retryingWrites } from './write-errors.ts';

/**
 * What a command run in a group learns from the group's lock, taken before it: whether the
 * group's workspace still exists. Undefined when the command runs alone and locks for itself.
 */
export interface HeldWorkspace {
  exists: boolean;
}

export interface WriteTransactions {
  /**
   * Runs `work` in a write transaction and retries it when the database says a concurrent
   * transaction got in the way, so two requests racing never answer 5xx; settles once the commit
   * is durable. A foreign key that vanished meanwhile (a task deleted while another request plans
   * it) means the thing is gone: 404. With a `workspaceId`, on PostgreSQL, the work joins that
   * workspace's group (decision 051) and is handed the held lock.
   */
  run<T>(
    work: (trx: Db, held: HeldWorkspace | undefined) => Promise<T>,
    workspaceId?: string,
  ): Promise<T>;
}

/** A group's lock on PostgreSQL: the workspace's row, waited for. */
const workspaceLock: GroupLock<HeldWorkspace> = {
  statement: 'select 1 from workspaces where id = $1 for update',
  held: (rows) => ({ exists: rows.length > 0 }),
};

/**
 * - SQLite: one writer at a time anyway, so commands are committed in groups (decision 034):
 *   `BEGIN IMMEDIATE` takes the write lock up front, so a transaction never fails half-way on a
 *   lock upgrade; each command runs in a savepoint of its own and is rerun there.
 * - PostgreSQL: commands on one workspace are committed in groups under its lock (decision 051);
 *   work for no workspace, and work a group hands back, runs in a transaction of its own on the
 *   pool, READ COMMITTED plus the row locks the caller takes; a deadlock, a serialization failure
 *   or a unique key taken by a parallel insert rolls back and runs the work again, when it sees
 *   the winner's rows.
 */
export function createWriteTransactions(
  database: Pick<DatabaseHandle, 'db' | 'dialect' | 'walCheckpointer' | 'session'>,
): WriteTransactions {
  if (database.dialect === 'sqlite') {
    const group = createSqliteGroupCommit(database.db, database.walCheckpointer?.nudge);
    return { run: (work) => group.run((trx) => work(trx, undefined)) };
  }
  const alone = <T>(work: (trx: Db, held: undefined) => Promise<T>) =>
    retryingWrites(() => database.db.transaction().execute((trx) => work(trx, undefined)));
  const { session } = database;
  if (!session) return { run: alone };
  const group = createPgGroupCommit(session, workspaceLock, alone);
  return {
    run: (work, workspaceId) =>
      workspaceId === undefined ? alone(work) : group.run(workspaceId, work),
  };
}
