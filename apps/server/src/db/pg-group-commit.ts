import type { Db } from './database.ts';
import type { PgSession } from './pg-clients.ts';
import { classifyWriteError, finalWriteError } from './write-errors.ts';

/**
 * Most commands a batch takes at once: it holds its key's lock from its first command to its
 * commit, so other instances' commands on that key wait for the whole batch.
 */
const MAX_BATCH = 100;

type Work<H> = (trx: Db, held: H | undefined) => Promise<unknown>;
type Outcome =
  | { isOk: true; value: unknown }
  | { isOk: false; error: unknown }
  /** Refused for a reason a run of its own gets past (a lock it found busy, a racing insert). */
  | { isOk: false; rerun: true };

interface Queued<H> {
  work: Work<H>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** How a batch locks its key: the statement, and what the commands learn from its rows. */
export interface GroupLock<H> {
  /** One statement that waits for and takes the lock of the key, `$1`. */
  statement: string;
  held(rows: unknown[]): H;
}

/**
 * Group commit on PostgreSQL (decision 051), the model being SQLite's (decision 034): commands
 * queued on one key (a workspace) while a batch for it runs go into its next batch. A batch is
 * one transaction on one connection: `begin`, the key's lock, and each command in a savepoint
 * of its own (none for a command alone in its batch), so a refused command undoes only its own
 * rows; one commit. Each command's promise
 * settles only after that commit, so nothing is acknowledged before it is durable. A command a
 * run of its own would get past (a busy lock, a unique key a parallel insert took) is rolled
 * back to its savepoint and run alone after the batch, by `alone`. Batches of different keys
 * run side by side on the pool.
 */
export function createPgGroupCommit<H>(
  session: () => Promise<PgSession>,
  lock: GroupLock<H>,
  alone: (work: Work<H>) => Promise<unknown>,
) {
  const queues = new Map<string, { queued: Queued<H>[]; isRunning: boolean }>();

  function settle(batch: Queued<H>[], outcomes: Outcome[]): void {
    outcomes.forEach((outcome, index) => {
      const { work, resolve, reject } = batch[index]!;
      if (outcome.isOk) resolve(outcome.value);
      else if ('rerun' in outcome) alone(work).then(resolve, reject);
      else reject(outcome.error);
    });
  }

  function startNextBatch(key: string): void {
    const queue = queues.get(key);
    if (!queue || queue.isRunning) return;
    if (queue.queued.length === 0) {
      queues.delete(key);
      return;
    }
    queue.isRunning = true;
    // After the poll phase: commands read in this turn of the event loop join the batch.
    setImmediate(() => {
      const batch = queue.queued.splice(0, MAX_BATCH);
      commitBatch(session, lock, key, batch)
        .then(
          (outcomes) => settle(batch, outcomes),
          (error: unknown) => {
            const final = finalWriteError(error);
            for (const { reject } of batch) reject(final);
          },
        )
        .finally(() => {
          queue.isRunning = false;
          startNextBatch(key);
        });
    });
  }

  return {
    /** Runs `work` in `key`'s next batch; settles once that batch's commit is durable. */
    run<T>(key: string, work: (trx: Db, held: H | undefined) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let queue = queues.get(key);
        if (!queue) queues.set(key, (queue = { queued: [], isRunning: false }));
        queue.queued.push({ work, resolve: resolve as (value: unknown) => void, reject });
        startNextBatch(key);
      });
    },
  };
}

/**
 * One transaction for the batch. `begin`, the lock and the first savepoint go in one round trip,
 * as do the release of one savepoint and the next; a connection whose state is unknown after a
 * failure is closed rather than returned to the pool. A batch of one command, the usual case,
 * takes no savepoint: its failure rolls the whole transaction back, which undoes as much, and
 * PostgreSQL keeps no subtransaction for its rows.
 */
async function commitBatch<H>(
  session: () => Promise<PgSession>,
  lock: GroupLock<H>,
  key: string,
  batch: Queued<H>[],
): Promise<Outcome[]> {
  const connection = await session();
  let broken: Error | undefined;
  let isOpen = false;
  try {
    const isAlone = batch.length === 1;
    const opening = `begin; ${lock.statement}${isAlone ? '' : '; savepoint command'}`;
    isOpen = true;
    const opened = await connection.simple(opening, [key]);
    const held = lock.held(opened[1]?.rows ?? []);
    if (isAlone) {
      const outcome = await runWhole(connection, batch[0]!.work, held);
      isOpen = outcome.isOk;
      if (!outcome.isOk) return [outcome];
      await commit(connection);
      return [outcome];
    }
    const outcomes: Outcome[] = [];
    for (const [index, { work }] of batch.entries()) {
      if (index > 0) await connection.simple('release command; savepoint command');
      outcomes.push(await runInSavepoint(connection, work, held));
    }
    await commit(connection);
    return outcomes;
  } catch (error) {
    if (isOpen) {
      await connection.simple('rollback').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
    }
    throw error;
  } finally {
    connection.release(broken);
  }
}

async function commit(connection: PgSession): Promise<void> {
  const [committed] = await connection.simple('commit');
  // PostgreSQL answers a commit of a transaction an error ended with ROLLBACK, not an error.
  if (committed?.command !== 'COMMIT') throw new Error('The batch was rolled back.');
}

/** What a refused command comes to: run again alone, or its error as final. */
const refused = (error: unknown): Outcome =>
  classifyWriteError(error) === 'retry'
    ? { isOk: false, rerun: true }
    : { isOk: false, error: finalWriteError(error) };

/** One command in the open savepoint; on failure only its rows are undone. */
async function runInSavepoint<H>(connection: PgSession, work: Work<H>, held: H): Promise<Outcome> {
  try {
    return { isOk: true, value: await work(connection.db, held) };
  } catch (error) {
    try {
      await connection.simple('rollback to command');
    } catch {
      // The connection or the whole transaction is gone: the batch fails.
      throw error;
    }
    return refused(error);
  }
}

/** The batch's one command, in the transaction itself; on failure the transaction is undone. */
async function runWhole<H>(connection: PgSession, work: Work<H>, held: H): Promise<Outcome> {
  try {
    return { isOk: true, value: await work(connection.db, held) };
  } catch (error) {
    // A rollback that fails leaves the connection in a state unknown: the batch fails, and the
    // connection is closed.
    await connection.simple('rollback').catch(() => {
      throw error;
    });
    return refused(error);
  }
}
