import { sql, type RawBuilder } from 'kysely';
import type { TestApp } from './test-app.ts';

/**
 * The auth routes' rate-limit ledger: it records refused sign-ins on purpose (decision 006), so
 * a refusal may add to it.
 */
const LEDGER_OF_REFUSALS = 'auth_events';

async function tableNames(t: TestApp): Promise<string[]> {
  const db = t.database.db;
  const { rows } =
    t.database.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows.map((row) => row.name).sort();
}

/** One query whose single row has a column per table, each a value read from that table. */
function perTable(tables: string[], valueOf: (table: string) => RawBuilder<unknown>) {
  return sql<Record<string, number | string | null>>`select ${sql.join(
    tables.map((name) => sql`(${valueOf(name)}) as ${sql.ref(name)}`),
  )}`;
}

export interface StateSnapshot {
  versions: string;
  counts: Record<string, number>;
}

/**
 * Workspace versions and the row count of every table: what a refused request must leave as it
 * was. One round trip, so it can run around every request of a fuzz.
 */
export async function stateSnapshotter(t: TestApp): Promise<() => Promise<StateSnapshot>> {
  const tables = (await tableNames(t)).filter((name) => name !== LEDGER_OF_REFUSALS);
  const versions =
    t.database.dialect === 'postgres'
      ? sql`select coalesce(string_agg(id || ':' || version, ',' order by id), '') from workspaces`
      : sql`select coalesce(group_concat(id || ':' || version, ','), '')
          from (select id, version from workspaces order by id)`;
  const query = sql<Record<string, number | string>>`select (${versions}) as "versions", c.*
    from (${perTable(tables, (name) => sql`select count(*) from ${sql.table(name)}`)}) c`;
  return async () => {
    const { rows } = await query.execute(t.database.db);
    const { versions: shown, ...counts } = rows[0]!;
    return {
      versions: String(shown),
      counts: Object.fromEntries(Object.entries(counts).map(([name, n]) => [name, Number(n)])),
    };
  };
}

/**
 * Every row of every table, as a digest per table (PostgreSQL) or the rows themselves (SQLite),
 * read in one query: what a refused request must leave exactly as it was, updates included.
 */
export async function rowsSnapshotter(t: TestApp): Promise<() => Promise<Record<string, string>>> {
  const tables = await tableNames(t);
  const columnsOf = async (table: string) =>
    (
      await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(
        t.database.db,
      )
    ).rows.map((row) => row.name);
  const rowsOf = new Map<string, RawBuilder<unknown>>();
  for (const table of tables) {
    if (t.database.dialect === 'postgres') {
      rowsOf.set(
        table,
        sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), ''))
          from ${sql.table(table)} r`,
      );
    } else {
      // quote() writes any SQLite value, blobs too, as a literal.
      const row = sql.join(
        (await columnsOf(table)).map((column) => sql`quote(${sql.ref(column)})`),
        sql` || ',' || `,
      );
      rowsOf.set(
        table,
        sql`select coalesce(group_concat(r, char(10)), '')
          from (select ${row} as r from ${sql.table(table)} order by r)`,
      );
    }
  }
  const query = perTable(tables, (table) => rowsOf.get(table)!);
  return async () => {
    const { rows } = await query.execute(t.database.db);
    return Object.fromEntries(Object.entries(rows[0]!).map(([name, v]) => [name, String(v)]));
  };
}

/**
 * Reads state around a run of requests of which most are refusals. After a refusal that changed
 * nothing, the state before the next request is the one just read, so each request costs one
 * read, not two. Anything that may change state between reads (a request answered with success,
 * a sign-in made for the next request) must be followed by `forget()`.
 */
export function stateWatch<State>(read: () => Promise<State>) {
  let known: State | null = null;
  return {
    /** The state before the next request. */
    before: async () => (known ??= await read()),
    /** The state now, after a refusal: it becomes the state before the next request. */
    after: async () => (known = await read()),
    forget: () => {
      known = null;
    },
  };
}
