import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { ChangeMarker } from './change-marker.ts';

/**
 * Kysely prepares every query anew, and on the hot paths better-sqlite3's prepare costs more than
 * running the statement (docs/performance.md). The application builds a bounded set of SQL texts,
 * so their statements are kept and reused, least recently used dropped first. Iteration gets a
 * statement of its own, because a statement that is being iterated cannot run anything else.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  capacity = 500,
): SqliteDatabase & { changeMarker: ChangeMarker } {
  const statements = new Map<string, SqliteStatement>();
  // Counted before each statement that may write runs: a marker taken before a read is then
  // never equal to one taken after a write that read could have missed (change-marker.ts).
  // Transaction control statements count as read-only; the writes inside them are counted.
  let writesStarted = 0;
  let dataVersion: SQLite.Statement | undefined;
  // Read once per turn of the event loop (decision 042): under load the statement cost each
  // small read about a quarter of its time, and a turn serves many requests.
  let versionThisTurn: number | undefined;
  const forgetVersion = () => void (versionThisTurn = undefined);
  return {
    close: () => sqlite.close(),
    changeMarker: {
      localWrites: () => writesStarted,
      dataVersion: () => {
        if (versionThisTurn === undefined) {
          dataVersion ??= sqlite.prepare('pragma data_version').pluck();
          versionThisTurn = dataVersion.get() as number;
          setImmediate(forgetVersion);
        }
        return versionThisTurn;
      },
    },
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      const countWrite = statement.readonly ? () => undefined : () => void (writesStarted += 1);
      const reusable: SqliteStatement = {
        reader: statement.reader,
        all: (parameters) => {
          countWrite();
          return statement.all(parameters);
        },
        run: (parameters) => {
          countWrite();
          return statement.run(parameters);
        },
        iterate: (parameters) => {
          countWrite();
          return sqlite.prepare(sql).iterate(parameters);
        },
      };
      statements.set(sql, reusable);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return reusable;
    },
  };
}
