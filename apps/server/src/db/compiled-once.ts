import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the compiled query: the argument it takes, or -1 for a constant. */
  argumentAt: number[];
}

/**
 * A hot query built and compiled once, then run with each call's arguments. Building a query
 * through Kysely costs several times what SQLite needs to run a point lookup, and the session
 * lookup runs on every request (docs/performance.md). The query is built with placeholder
 * strings whose places among the compiled parameters are then filled per call, so the builder
 * must pass each argument through as a parameter, unchanged.
 */
export function compiledOnce<A extends string[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  // Per dialect adapter: PostgreSQL and SQLite number their parameters differently.
  const compiledFor = new WeakMap<object, Compiled<R>>();
  return async (db, ...args) => {
    const { adapter } = db.getExecutor();
    let compiled = compiledFor.get(adapter);
    if (!compiled) {
      const placeholders = args.map((_, index) => `\u0000argument ${index}\u0000`) as A;
      const query = build(db, ...placeholders).compile();
      const argumentAt = query.parameters.map((value) => placeholders.indexOf(value as A[number]));
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
