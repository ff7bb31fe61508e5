import { sql } from 'kysely';
import type { Db } from './database.ts';
import {
  classifyWriteError,
  finalWriteError,
  MAX_ATTEMPTS,
  retryingWrites,
} from './write-errors.ts';

/**
 * Most commands a batch takes at once: it holds SQLite's one connection from its first command
 * to its commit, so reads wait for the whole batch.
 */
const MAX_BATCH = 100;

type Work = (trx: Db) => Promise<unknown>;
type Outcome = { isOk: true; value: unknown } | { isOk: false; error: unknown };

interface Queued {
  work: Work;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit (decision 034): with `synchronous=FULL` every commit waits for the disk, and
 * better-sqlite3 waits on the event loop, so one commit per command capped writes at the disk's
 * flush rate and stalled every other request meanwhile. Commands queued while a batch runs go
 * into the next one: one `BEGIN IMMEDIATE`, each command in a savepoint of its own (a refused or
 * failed command undoes only its own rows), one commit. A command's promise settles only after
 * that commit has returned, so nothing is acknowledged before it is on disk; a batch whose
 * commit fails answers every command in it with the error, in the order they came. `afterCommit`
 * runs after each batch's commit: the WAL checkpointer's cue (decision 043).
 */
export function createSqliteGroupCommit(db: Db, afterCommit: () => void = () => undefined) {
  const queue: Queued[] = [];
  let isRunning = false;

  function startNextBatch(): void {
    if (isRunning || queue.length === 0) return;
    isRunning = true;
    // After the poll phase: requests read in this turn of the event loop join the batch.
    setImmediate(() => {
      const batch = queue.splice(0, MAX_BATCH);
      commitBatch(db, batch)
        .then(
          (outcomes) => {
            outcomes.forEach((outcome, index) => {
              const { resolve, reject } = batch[index]!;
              if (outcome.isOk) resolve(outcome.value);
              else reject(outcome.error);
            });
            // After the answers are settled: nothing a cue does can keep them waiting.
            afterCommit();
          },
          (error: unknown) => {
            for (const { reject } of batch) reject(error);
          },
        )
        .finally(() => {
          isRunning = false;
          startNextBatch();
        });
    });
  }

  return {
    /** Runs `work` in the next batch; settles once the batch's commit is durable. */
    run<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        startNextBatch();
      });
    },
  };
}

/** One transaction for the batch; rerun whole while the file is busy (another process). */
async function commitBatch(db: Db, batch: Queued[]): Promise<Outcome[]> {
  return retryingWrites(() =>
    db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const outcomes: Outcome[] = [];
        for (const { work } of batch) outcomes.push(await runInSavepoint(connection, work));
        await sql`commit`.execute(connection);
        return outcomes;
      } catch (error) {
        await sql`rollback`.execute(connection).catch(() => undefined);
        throw error;
      }
    }),
  );
}

/**
 * One command in its own savepoint: on failure only its rows are undone, and it runs again
 * when the failure is one a rerun gets past (decision 013's retries, within the batch).
 */
async function runInSavepoint(connection: Db, work: Work): Promise<Outcome> {
  for (let attempt = 1; ; attempt += 1) {
    await sql`savepoint command`.execute(connection);
    try {
      const value = await work(connection);
      await sql`release command`.execute(connection);
      return { isOk: true, value };
    } catch (error) {
      try {
        await sql`rollback to command`.execute(connection);
        await sql`release command`.execute(connection);
      } catch {
        // The database ended the whole transaction (an I/O error, a full disk): the batch fails.
        throw error;
      }
      if (classifyWriteError(error) === 'retry' && attempt < MAX_ATTEMPTS) continue;
      return { isOk: false, error: finalWriteError(error) };
    }
  }
}
