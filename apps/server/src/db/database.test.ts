import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the PostgreSQL pool', () => {
  let handle: DatabaseHandle;

  beforeAll(() => {
    handle = openDatabase({
      databaseUrl: url,
      pool: { size: 3, statementTimeoutMs: 2345, idleInTransactionTimeoutMs: 6789 },
    });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('sets the configured timeouts on every pooled connection', async () => {
    // Held at once, so the pool must open all three of its connections.
    const connections = await Promise.all(
      [1, 2, 3].map(() =>
        sql<{
          pid: number;
          statement_timeout: string;
          idle: string;
        }>`select pg_backend_pid() as pid, current_setting('statement_timeout') as statement_timeout,
              current_setting('idle_in_transaction_session_timeout') as idle, pg_sleep(0.2)`.execute(
          handle.db,
        ),
      ),
    );
    const rows = connections.map((result) => result.rows[0]!);
    expect(new Set(rows.map((row) => row.pid)).size).toBe(3);
    for (const row of rows) {
      expect(row.statement_timeout).toBe('2345ms');
      expect(row.idle).toBe('6789ms');
    }
  });

  it('cancels a statement that runs longer than the statement timeout', async () => {
    const slow = openDatabase({ databaseUrl: url, pool: { size: 1, statementTimeoutMs: 100 } });
    try {
      await expect(sql`select pg_sleep(5)`.execute(slow.db)).rejects.toThrow(/statement timeout/);
    } finally {
      await slow.close();
    }
  });

  it('never opens more connections than the pool size', async () => {
    const appName = `pool_test_${process.pid}`;
    const small = openDatabase({
      databaseUrl: `${url}${url!.includes('?') ? '&' : '?'}application_name=${appName}`,
      pool: { size: 2 },
    });
    try {
      await Promise.all([1, 2, 3, 4, 5].map(() => sql`select pg_sleep(0.2)`.execute(small.db)));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ count: string }>(
        'select count(*) from pg_stat_activity where application_name = $1',
        [appName],
      );
      await admin.end();
      expect(Number(rows[0]!.count)).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('prepares each statement with parameters once per connection, and reuses it', async () => {
    const one = openDatabase({ databaseUrl: url, pool: { size: 1 } });
    try {
      const answer = (value: number) =>
        sql<{ doubled: number }>`select ${value}::int * 2 as doubled`.execute(one.db);
      expect((await answer(2)).rows[0]!.doubled).toBe(4);
      expect((await answer(5)).rows[0]!.doubled).toBe(10);
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like '%doubled%'`.execute(
        one.db,
      );
      // One prepared statement for both calls; the query listing them, unprepared, is not one.
      expect(rows).toHaveLength(1);
      expect(rows[0]!.statement).toMatch(/\$1::int \* 2/);
    } finally {
      await one.close();
    }
  });
});
