import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-databases.ts';
import { compiledOnce } from './compiled-once.ts';

describe.each(testDialects)('compiledOnce (%s)', (dialect) => {
  let database: TestDatabase;
  let statements: string[];

  beforeEach(async () => {
    statements = [];
    database = await createTestDatabase(dialect, { onQuery: (sql) => statements.push(sql) });
    await database.db
      .insertInto('users')
      .values(
        ['ada', 'bea', 'cy'].map((name) => ({
          id: `user-${name}`,
          email: `${name}@example.com`,
          timezone: name === 'cy' ? 'Europe/Warsaw' : 'UTC',
          created_at: '2026-11-24T10:00:00.000Z',
        })),
      )
      .execute();
    statements = [];
  });
  afterEach(() => database.destroy());

  // Two arguments, one of them used twice, beside a constant the builder holds itself.
  const usersNamed = compiledOnce((db, first: string, second: string) =>
    db
      .selectFrom('users')
      .select(['id', 'email'])
      .where((where) =>
        where.or([where('id', '=', first), where('id', '=', second), where('email', '=', first)]),
      )
      .where('timezone', '=', 'UTC')
      .orderBy('id'),
  );

  it('answers each call with its own arguments, as the built query would', async () => {
    expect(await usersNamed(database.db, 'user-ada', 'user-cy')).toEqual([
      { id: 'user-ada', email: 'ada@example.com' },
    ]);
    expect(await usersNamed(database.db, 'user-bea', 'user-ada')).toEqual([
      { id: 'user-ada', email: 'ada@example.com' },
      { id: 'user-bea', email: 'bea@example.com' },
    ]);
    expect(await usersNamed(database.db, 'nobody', 'nobody')).toEqual([]);
    // One SQL text for every call: the statement is reused, not built again per argument.
    expect(new Set(statements).size).toBe(1);
  });

  it('runs inside a transaction on the transaction’s connection', async () => {
    await database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('users').where('id', '=', 'user-bea').execute();
      expect(await usersNamed(trx, 'user-bea', 'user-ada')).toEqual([
        { id: 'user-ada', email: 'ada@example.com' },
      ]);
    });
  });

  it('refuses a builder that does not pass an argument through as a parameter', async () => {
    const uppercased = compiledOnce((db, email: string) =>
      db.selectFrom('users').select('id').where('email', '=', email.toUpperCase()),
    );
    await expect(uppercased(database.db, 'ada@example.com')).rejects.toThrow(/not a parameter/);
  });
});
