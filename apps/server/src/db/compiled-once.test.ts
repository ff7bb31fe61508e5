import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-databases.ts';
import { compiledOnce } from './compiled-once.ts';
import { migrateToLatest } from './migrate.ts';
import { openDatabase, type Db } from './database.ts';

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

  it('takes a number argument, such as a limit, as a parameter of its own', async () => {
    const firstUsers = compiledOnce((db, timezone: string, limit: number) =>
      db
        .selectFrom('users')
        .select('id')
        .where('timezone', '=', timezone)
        .orderBy('id')
        .limit(limit),
    );
    expect(await firstUsers(database.db, 'UTC', 1)).toEqual([{ id: 'user-ada' }]);
    expect(await firstUsers(database.db, 'UTC', 5)).toEqual([
      { id: 'user-ada' },
      { id: 'user-bea' },
    ]);
    expect(await firstUsers(database.db, 'Europe/Warsaw', 5)).toEqual([{ id: 'user-cy' }]);
    expect(new Set(statements).size).toBe(1);
  });

  it('refuses a builder that does not pass an argument through as a parameter', async () => {
    const uppercased = compiledOnce((db, email: string) =>
      db.selectFrom('users').select('id').where('email', '=', email.toUpperCase()),
    );
    await expect(uppercased(database.db, 'ada@example.com')).rejects.toThrow(/not a parameter/);
  });
});

const userEmail = compiledOnce(
  (db, id: string) => db.selectFrom('users').select(['id', 'email']).where('id', '=', id),
  { keptWhileUnchanged: true },
);

const addUser = (db: Db, name: string) =>
  db
    .insertInto('users')
    .values({
      id: `user-${name}`,
      email: `${name}@example.com`,
      timezone: 'UTC',
      created_at: '2026-11-24T10:00:00.000Z',
    })
    .execute();

const renameUser = (db: Db, name: string, email: string) =>
  db.updateTable('users').set({ email }).where('id', '=', `user-${name}`).execute();

describe.each(testDialects)('a read kept while nothing changes (%s)', (dialect) => {
  let database: TestDatabase;
  let statements: string[];
  const reads = () => statements.filter((sql) => sql.startsWith('select')).length;

  beforeEach(async () => {
    statements = [];
    database = await createTestDatabase(dialect, { onQuery: (sql) => statements.push(sql) });
    await addUser(database.db, 'ada');
    statements = [];
  });
  afterEach(() => database.destroy());

  it('is kept on SQLite from the second ask until this process writes anything, and read every time on PostgreSQL', async () => {
    const ask = () => userEmail(database.db, 'user-ada');
    const first = await ask();
    expect(await ask()).toEqual(first);
    expect(await ask()).toEqual(first);
    // The first ask notes when, the second keeps what it reads, the third is given it.
    expect(reads()).toBe(dialect === 'sqlite' ? 2 : 3);

    // Any write, to any row, lets the next reads through: the kept rows are never stale.
    await addUser(database.db, 'bea');
    expect(await ask()).toEqual(first);
    await renameUser(database.db, 'ada', 'ada@new.example.com');
    const renamed = [{ id: 'user-ada', email: 'ada@new.example.com' }];
    expect(await ask()).toEqual(renamed);
    expect(await ask()).toEqual(renamed);
    expect(await ask()).toEqual(renamed);
    expect(reads()).toBe(dialect === 'sqlite' ? 5 : 7);
  });

  it('keeps rows per argument, frozen so that no caller changes another’s', async () => {
    await addUser(database.db, 'bea');
    for (const id of ['user-ada', 'user-bea']) await userEmail(database.db, id);
    const [ada] = await userEmail(database.db, 'user-ada');
    const [bea] = await userEmail(database.db, 'user-bea');
    expect([ada?.email, bea?.email]).toEqual(['ada@example.com', 'bea@example.com']);
    if (dialect === 'sqlite') expect(() => Object.assign(ada!, { email: 'x' })).toThrow();
  });

  it('is never kept inside a transaction, whose reads see its own writes', async () => {
    await userEmail(database.db, 'user-ada');
    await userEmail(database.db, 'user-ada');
    await database.db
      .transaction()
      .execute(async (trx) => {
        await renameUser(trx, 'ada', 'inside@example.com');
        expect((await userEmail(trx, 'user-ada'))[0]?.email).toBe('inside@example.com');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await userEmail(database.db, 'user-ada'))[0]?.email).toBe('ada@example.com');
  });
});

describe('a read kept on SQLite while another connection writes', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is read again from the turn of the event loop after another connection committed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-read-'));
    dirs.push(dir);
    const file = path.join(dir, 'hustle.db');
    const server = openDatabase({ sqliteFile: file });
    const other = openDatabase({ sqliteFile: file });
    try {
      await migrateToLatest(server.db);
      await addUser(server.db, 'ada');
      await userEmail(server.db, 'user-ada');
      expect((await userEmail(server.db, 'user-ada'))[0]?.email).toBe('ada@example.com');
      await renameUser(other.db, 'ada', 'elsewhere@example.com');
      // The change marker reads other connections' commits once per turn (decision 042).
      await new Promise((resolve) => setImmediate(resolve));
      expect((await userEmail(server.db, 'user-ada'))[0]?.email).toBe('elsewhere@example.com');
    } finally {
      await other.close();
      await server.close();
    }
  });
});
