import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DialectName } from '../db/database.ts';
import { migrateToLatest, migrationNames } from '../db/migrate.ts';
import { newSecretToken } from '../lib/tokens.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase extends DatabaseHandle {
  destroy(): Promise<void>;
}

interface Options {
  onQuery?: (sql: string) => void;
}

/**
 * A fresh, migrated database. SQLite: in memory, from a migrated image made once per test file.
 * PostgreSQL: a schema of its own, so parallel runs never collide — an emptied one kept from an
 * earlier test when there is one (see `claimSchema`).
 */
export async function createTestDatabase(
  dialect: DialectName,
  options: Options = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const handle = openDatabase({ sqliteImage: await migratedSqliteImage(), ...options });
    return { ...handle, destroy: handle.close };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const claimed = await claimSchema(url);
  const handle = openDatabase({ databaseUrl: url, pgSchema: claimed.schema, ...options });
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await returnSchema(url, claimed);
    },
  };
}

let sqliteImage: Promise<Buffer> | undefined;

/** Migrating takes tens of milliseconds per database; copying a migrated one, next to none. */
function migratedSqliteImage(): Promise<Buffer> {
  sqliteImage ??= (async () => {
    const sqlite = new SQLite(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrateToLatest(db);
    const image = sqlite.serialize();
    await db.destroy();
    return image;
  })();
  return sqliteImage;
}

/**
 * Migrating a PostgreSQL schema takes a second or more (hundreds of statements, each a round trip),
 * and hundreds of tests start on a fresh one. So a test's schema is emptied when it is destroyed and
 * listed in a table of the test database, with the migrations it ran, for the next test in any
 * process to take. A schema of other migrations is dropped instead of taken.
 */
const POOL = 'public.hustle_test_schemas';

/**
 * The migrations this process runs, by the list it loaded (a file added on disk while a run goes on
 * is not among them until the next run) and their text.
 */
const migrationsFingerprint = (() => {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
  const hash = createHash('sha256');
  for (const name of migrationNames) {
    hash.update(name).update(fs.readFileSync(path.join(dir, `${name}.ts`)));
  }
  return hash.digest('hex').slice(0, 16);
})();

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let poolTableReady: Promise<void> | undefined;

function ensurePoolTable(client: pg.Client): Promise<void> {
  poolTableReady ??= (async () => {
    // Two processes creating it at once would race on the catalog: one waits for the other.
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('${POOL}'))`);
    await client.query(
      `create table if not exists ${POOL} (
         schema text primary key, migrations text not null, objects text not null)`,
    );
    await client.query('commit');
  })();
  return poolTableReady;
}

/** A schema, and what it held when migrated: a test that adds objects of its own spoils it. */
interface Claimed {
  schema: string;
  objects: string;
}

/** One line naming every table, index, sequence, view and function in the schema. */
const OBJECTS_OF = `select md5(coalesce(string_agg(name, ',' order by name), '')) as objects from (
    select relname::text || ':' || relkind::text as name from pg_class where relnamespace = $1::regnamespace
    union all
    select proname::text from pg_proc where pronamespace = $1::regnamespace) objects`;

async function objectsOf(client: pg.Client, schema: string): Promise<string> {
  const { rows } = await client.query<{ objects: string }>(OBJECTS_OF, [schema]);
  return rows[0]!.objects;
}

async function claimSchema(url: string): Promise<Claimed> {
  const stale = await withAdmin(url, async (client) => {
    await ensurePoolTable(client);
    const { rows } = await client.query<Claimed & { migrations: string }>(
      `delete from ${POOL} where schema = (
         select schema from ${POOL} where migrations = $1 limit 1 for update skip locked)
         or migrations <> $1
       returning schema, migrations, objects`,
      [migrationsFingerprint],
    );
    for (const row of rows.filter((row) => row.migrations !== migrationsFingerprint)) {
      await client.query(`drop schema if exists "${row.schema}" cascade`);
    }
    const kept = rows.find((row) => row.migrations === migrationsFingerprint);
    return kept && { schema: kept.schema, objects: kept.objects };
  });
  return stale ?? (await newMigratedSchema(url));
}

async function newMigratedSchema(url: string): Promise<Claimed> {
  const schema = `test_${newSecretToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  await withAdmin(url, (client) => client.query(`create schema "${schema}"`));
  const handle = openDatabase({ databaseUrl: url, pgSchema: schema });
  try {
    await migrateToLatest(handle.db, { schema });
  } finally {
    await handle.close();
  }
  return { schema, objects: await withAdmin(url, (client) => objectsOf(client, schema)) };
}

/**
 * Empties the schema's tables (but the migrator's) and lists it for the next test. Triggers stay
 * quiet while it does (no change log, no NOTIFY). A schema that a test added objects to, or that
 * cannot be emptied at once (say a test left a connection holding a lock), is dropped instead.
 */
async function returnSchema(url: string, { schema, objects }: Claimed): Promise<void> {
  await withAdmin(url, async (client) => {
    if ((await objectsOf(client, schema)) !== objects) {
      await client.query(`drop schema if exists "${schema}" cascade`);
      return;
    }
    try {
      await client.query(`begin;
        set local lock_timeout = '2s';
        set local session_replication_role = replica;
        do $$ declare t text; begin
          for t in select tablename from pg_tables
                   where schemaname = '${schema}' and tablename not like 'kysely_migration%' loop
            execute format('delete from %I.%I', '${schema}', t);
          end loop;
        end $$;
        insert into ${POOL} (schema, migrations, objects)
          values ('${schema}', '${migrationsFingerprint}', '${objects}');
        commit;`);
    } catch {
      await client.query('rollback');
      await client.query(`drop schema if exists "${schema}" cascade`);
    }
  });
}
