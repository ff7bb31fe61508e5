import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How many WAL pages the app's own connection lets grow before it copies them back itself: a
 * fallback for when the checkpointer falls behind or has stopped (SQLite's default is 1,000).
 */
export const FALLBACK_CHECKPOINT_PAGES = 10_000;

// The worker's whole program. It is evaluated from this string, not loaded from a file, so the
// same code runs from the TypeScript sources (tests, dev) and from the bundle (production).
// It opens its own connection and, each time it is asked, copies what the WAL holds back into
// the database file (PASSIVE: it waits for no one and no one waits for it), then answers.
const WORKER_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const sqlite = new SQLite(workerData.file);
sqlite.pragma('synchronous = FULL');
sqlite.pragma('busy_timeout = 100');
parentPort.on('message', (message) => {
  if (message === 'close') {
    sqlite.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage(result);
  } catch {
    // Another connection held the file past the busy timeout: the next ask tries again.
    parentPort.postMessage({ busy: 1, log: -1, checkpointed: -1 });
  }
});
`;

/**
 * Checkpoints start at least this far apart. One after every batch cost the worker a flush of
 * the database file per batch (about 20 % more CPU per write in the bench); 50 ms apart, the CPU
 * per write came out as without the worker, and the writes faster (decision 043).
 */
const MIN_INTERVAL_MS = 50;

export interface CheckpointResult {
  /** 1 when another connection held the file (another instance's checkpoint, the fallback). */
  busy: number;
  /** Pages in the WAL. */
  log: number;
  /** Pages of it now in the database file. */
  checkpointed: number;
}

export interface WalCheckpointer {
  /**
   * Asks for a checkpoint; calls while one runs or waits for its turn are folded into one more.
   */
  nudge(): void;
  /** Asks for a checkpoint and resolves with its result, once it has run (tests). */
  nextCheckpoint(): Promise<CheckpointResult>;
  close(): Promise<void>;
}

/**
 * Checkpoints off the event loop (docs/performance.md, "Checkpoints"; decision 043). SQLite
 * copies the WAL back into the database within the commit that takes it past a threshold, and
 * better-sqlite3 runs that commit on the event loop: every fourth or fifth batch of creates took
 * 4.5–5.5 ms instead of 1–1.5, with every request waiting. Here a worker thread with a
 * connection of its own does the copying while the event loop goes on. `onFailure` is called
 * if the worker stops; the app's connection then checkpoints for itself again.
 */
export function startWalCheckpointer(file: string, onFailure: () => void): WalCheckpointer {
  const worker = new Worker(WORKER_PROGRAM, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  // A checkpoint in flight never keeps the process alive; the WAL it leaves is still valid.
  worker.unref();
  let started = 0;
  let finished = 0;
  let isWanted = false;
  let hasFailed = false;
  const waiting: { round: number; resolve: (result: CheckpointResult) => void }[] = [];

  let lastAsked = 0;
  let timer: NodeJS.Timeout | undefined;
  const ask = () => {
    const wait = lastAsked + MIN_INTERVAL_MS - Date.now();
    if (wait > 0) {
      timer ??= setTimeout(() => {
        timer = undefined;
        ask();
      }, wait).unref();
      return;
    }
    lastAsked = Date.now();
    started += 1;
    isWanted = false;
    worker.postMessage('checkpoint');
  };
  worker.on('message', (result: CheckpointResult) => {
    finished += 1;
    for (const waiter of waiting.filter(({ round }) => round <= finished)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(result);
    }
    if (isWanted) ask();
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', () => {
    hasFailed = true;
    onFailure();
  });

  const nudge = () => {
    if (hasFailed) return;
    if (started > finished || timer) isWanted = true;
    else ask();
  };

  return {
    nudge,
    nextCheckpoint() {
      // The checkpoint that starts after this call, so it sees every commit before it.
      return new Promise((resolve) => {
        waiting.push({ round: started + 1, resolve });
        nudge();
      });
    },
    async close() {
      clearTimeout(timer);
      // Held until it has closed its connection: an unreferenced worker would let the process
      // end while this waits (a script whose last step is closing the database).
      worker.ref();
      if (!hasFailed) worker.postMessage('close');
      await exited;
    },
  };
}
