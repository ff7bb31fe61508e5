import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationNames } from '../db/migrate.ts';
import { createTestDatabase, testDialects, type TestDatabase } from './test-databases.ts';

const addUser = (database: TestDatabase, email: string) =>
  database.db
    .insertInto('users')
    .values({
      id: crypto.randomUUID(),
      email,
      timezone: 'UTC',
      created_at: new Date().toISOString(),
      disabled_at: null,
      feature_flags: null,
    })
    .execute();

const migrationsRun = async (database: TestDatabase) =>
  (
    await database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute()
  ).length;

describe.each(testDialects)('test databases (%s)', (dialect) => {
  it('are migrated, and empty of what an earlier test wrote', async () => {
    const first = await createTestDatabase(dialect);
    await addUser(first, 'left-behind@example.com');
    await first.destroy();
    for (let i = 0; i < 3; i += 1) {
      const next = await createTestDatabase(dialect);
      try {
        expect(await migrationsRun(next)).toBe(migrationNames.length);
        expect(await next.db.selectFrom('users').selectAll().execute()).toEqual([]);
        await addUser(next, `user${i}@example.com`);
      } finally {
        await next.destroy();
      }
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('kept PostgreSQL schemas', () => {
  const schemaOf = async (database: TestDatabase) =>
    (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!
      .schema;

  const inspect = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  it('keep a schema emptied for the next test, and drop one a test added objects to', async () => {
    const kept = await createTestDatabase('postgres');
    const keptSchema = await schemaOf(kept);
    await addUser(kept, 'kept@example.com');
    await kept.destroy();
    const users = await inspect<{ n: string }>(
      `select count(*) as n from "${keptSchema}".users`,
      [],
    );
    expect(Number(users[0]!.n)).toBe(0);

    const spoiled = await createTestDatabase('postgres');
    const spoiledSchema = await schemaOf(spoiled);
    await sql`create table stray (id text)`.execute(spoiled.db);
    await spoiled.destroy();
    expect(await inspect('select 1 from pg_namespace where nspname = $1', [spoiledSchema])).toEqual(
      [],
    );
  });
});
