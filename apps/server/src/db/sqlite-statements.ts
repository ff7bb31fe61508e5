import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely prepares every query anew, and on the hot paths better-sqlite3's prepare costs more than
 * running the statement (docs/performance.md). The application builds a bounded set of SQL texts,
 * so their statements are kept and reused, least recently used dropped first. Iteration gets a
 * statement of its own, because a statement that is being iterated cannot run anything else.
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      const reusable: SqliteStatement = {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
        iterate: (parameters) => sqlite.prepare(sql).iterate(parameters),
      };
      statements.set(sql, reusable);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return reusable;
    },
  };
}
