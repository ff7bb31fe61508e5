import type { Compilable, CompiledQuery } from 'kysely';
import { changeMarkerOf, feedMarkerOf, type FeedMarker } from './change-marker.ts';
import type { Db } from './database.ts';

/** What a compiled query's arguments may be: values SQLite and PostgreSQL both bind. */
type Argument = string | number | null;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the compiled query: the argument it takes, or -1 for a constant. */
  argumentAt: number[];
}

interface Kept<R> {
  /** The change marker's values when the rows were read; without rows, only when last asked. */
  localWrites: number;
  dataVersion?: number;
  rows?: R[];
}

/** Kept answers per database beyond which they are dropped, so memory stays bounded. */
const MAX_KEPT = 10_000;

/**
 * A hot query built and compiled once, then run with each call's arguments. Building a query
 * through Kysely costs several times what SQLite needs to run a point lookup, and the session
 * lookup runs on every request (docs/performance.md). The query is built with placeholder
 * strings whose places among the compiled parameters are then filled per call, so the builder
 * must pass each argument through as a parameter, unchanged (a number or a null too, such as a
 * limit or an empty column: the builder is handed a placeholder string in its place).
 */
export function compiledOnce<A extends Argument[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
  options: {
    /**
     * A read whose rows are kept per arguments and given again while the database's change
     * marker says nothing was written since (change-marker.ts; SQLite outside transactions).
     * The kept rows are frozen: a caller that changed them would change the next caller's.
     * Rows are kept only once this process wrote nothing between two asks: under a stream of
     * writes, keeping (and checking other connections' commits) would cost every read and
     * save none.
     */
    keptWhileUnchanged?: boolean;
    /**
     * On PostgreSQL too: rows kept per arguments while the pool's feed marker does not move
     * (change-marker.ts, decision 052), for a read of tables whose every change the feed tells.
     */
    keptAcrossInstances?: boolean;
  } = {},
): (db: Db, ...args: A) => Promise<R[]> {
  // Per dialect adapter: PostgreSQL and SQLite number their parameters differently.
  const compiledFor = new WeakMap<object, Compiled<R>>();
  const keptFor = new WeakMap<Db, Map<string, Kept<R>>>();
  const run = runCompiled(build, compiledFor);
  if (!options.keptWhileUnchanged) return run;
  const keptByFeed = options.keptAcrossInstances ? keptWhileFeedStill(run) : undefined;
  return async (db, ...args) => {
    const marker = changeMarkerOf(db);
    if (!marker) {
      const feed = keptByFeed && feedMarkerOf(db);
      return feed ? keptByFeed(feed, db, args) : run(db, ...args);
    }
    let kept = keptFor.get(db);
    if (!kept) keptFor.set(db, (kept = new Map()));
    if (kept.size >= MAX_KEPT) kept.clear();
    const key = JSON.stringify(args);
    const last = kept.get(key);
    // Both values are taken before the read: a write that lands while it waits leaves the rows
    // kept under older values, never newer ones.
    const localWrites = marker.localWrites();
    if (last?.localWrites !== localWrites) {
      kept.set(key, { localWrites });
      return run(db, ...args);
    }
    const dataVersion = marker.dataVersion();
    if (last.rows && last.dataVersion === dataVersion) return last.rows;
    const rows = Object.freeze((await run(db, ...args)).map((row) => Object.freeze(row))) as R[];
    kept.set(key, { localWrites, dataVersion, rows });
    return rows;
  };
}

/**
 * Rows kept per arguments under the feed marker's generation, taken before the read: a change
 * told while the read runs leaves them under an older generation, never a newer one.
 */
function keptWhileFeedStill<A extends Argument[], R>(
  run: (db: Db, ...args: A) => Promise<R[]>,
): (feed: FeedMarker, db: Db, args: A) => Promise<R[]> {
  const keptFor = new WeakMap<Db, Map<string, { generation: number; rows: R[] }>>();
  return async (feed, db, args) => {
    const generation = feed.generation();
    if (generation === undefined) return run(db, ...args);
    let kept = keptFor.get(db);
    if (!kept) keptFor.set(db, (kept = new Map()));
    const key = JSON.stringify(args);
    const last = kept.get(key);
    if (last?.generation === generation) return last.rows;
    if (kept.size >= MAX_KEPT) kept.clear();
    const rows = Object.freeze((await run(db, ...args)).map((row) => Object.freeze(row))) as R[];
    kept.set(key, { generation, rows });
    return rows;
  };
}

function runCompiled<A extends Argument[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
  compiledFor: WeakMap<object, Compiled<R>>,
): (db: Db, ...args: A) => Promise<R[]> {
  return async (db, ...args) => {
    const { adapter } = db.getExecutor();
    let compiled = compiledFor.get(adapter);
    if (!compiled) {
      const placeholders = args.map((_, index) => `\u0000argument ${index}\u0000`);
      const query = build(db, ...(placeholders as unknown as A)).compile();
      const argumentAt = query.parameters.map((value) => placeholders.indexOf(value as string));
      if (!placeholders.every((placeholder) => query.parameters.includes(placeholder))) {
        throw new Error(`compiledOnce: an argument is not a parameter of ${query.sql}`);
      }
      compiled = { query, argumentAt };
      compiledFor.set(adapter, compiled);
    }
    const { query, argumentAt } = compiled;
    const parameters = argumentAt.map((at, index) =>
      at === -1 ? query.parameters[index] : args[at],
    );
    const withArguments: CompiledQuery<R> = { ...query, parameters };
    return (await db.executeQuery(withArguments)).rows;
  };
}
