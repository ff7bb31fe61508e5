import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-databases.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('a PostgreSQL session on one connection', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.destroy());

  it('sends statements started together one after another, in the order started', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const session = await database.session!();
    try {
      await sql`begin`.execute(session.db);
      const [slow, quick, simple] = await Promise.all([
        sql<{ n: number }>`select 1 as n from pg_sleep(0.05)`.execute(session.db),
        sql<{ n: number }>`select 2 as n`.execute(session.db),
        session.simple('select 3 as n'),
      ]);
      await sql`commit`.execute(session.db);
      expect([slow.rows[0]!.n, quick.rows[0]!.n, simple[0]!.rows[0].n]).toEqual([1, 2, 3]);
    } finally {
      session.release();
      process.off('warning', onWarning);
    }
    // node-postgres warns (and its next major refuses) when a client gets a second statement
    // while one is out.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([]);
  });
});
