import { sql } from 'kysely';
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

export interface StateSnapshot {
  versions: { id: string; version: number }[];
  counts: Record<string, number>;
}

/**
 * Workspace versions and the row count of every table: what a refused request must leave as it
 * was. One round trip for the counts, so it can run around every request of a fuzz.
 */
export async function stateSnapshotter(t: TestApp): Promise<() => Promise<StateSnapshot>> {
  const tables = (await tableNames(t)).filter((name) => name !== LEDGER_OF_REFUSALS);
  const countsQuery = sql<Record<string, number | string>>`select ${sql.join(
    tables.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`),
  )}`;
  return async () => {
    const db = t.database.db;
    const versions = await db
      .selectFrom('workspaces')
      .select(['id', 'version'])
      .orderBy('id')
      .execute();
    const { rows } = await countsQuery.execute(db);
    const counts = Object.fromEntries(
      Object.entries(rows[0] ?? {}).map(([name, n]) => [name, Number(n)]),
    );
    return { versions: versions.map((row) => ({ ...row, version: Number(row.version) })), counts };
  };
}
