import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Generated } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './sqlite-statements.ts';

describe('withStatementCache', () => {
  const open: SQLite.Database[] = [];
  afterEach(() => {
    for (const sqlite of open.splice(0)) sqlite.close();
  });

  function memoryDatabase(): SQLite.Database {
    const sqlite = new SQLite(':memory:');
    open.push(sqlite);
    sqlite.exec('create table item (id integer primary key, name text not null)');
    return sqlite;
  }

  it('prepares each SQL text once and reuses its statement', () => {
    const sqlite = memoryDatabase();
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cache = withStatementCache(sqlite);
    const insert = 'insert into item (name) values (?)';
    cache.prepare(insert).run(['a']);
    cache.prepare(insert).run(['b']);
    expect(cache.prepare(insert)).toBe(cache.prepare(insert));
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(cache.prepare('select name from item order by id').all([])).toEqual([
      { name: 'a' },
      { name: 'b' },
    ]);
  });

  it('keeps at most its capacity, dropping the least recently used first', () => {
    const sqlite = memoryDatabase();
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cache = withStatementCache(sqlite, 2);
    const first = cache.prepare('select 1');
    cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(first);
    cache.prepare('select 3');
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(cache.prepare('select 1')).toBe(first);
    cache.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('lets a query run while the same query is being iterated', () => {
    const sqlite = memoryDatabase();
    sqlite.exec("insert into item (name) values ('a'), ('b')");
    const cache = withStatementCache(sqlite);
    const select = 'select name from item order by id';
    const names: unknown[] = [];
    for (const row of cache.prepare(select).iterate([])) {
      names.push(row, cache.prepare(select).all([]).length);
    }
    expect(names).toEqual([{ name: 'a' }, 2, { name: 'b' }, 2]);
  });

  it('serves Kysely queries with parameters and transactions', async () => {
    const sqlite = memoryDatabase();
    const db = new Kysely<{ item: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    await db.transaction().execute(async (trx) => {
      for (const name of ['x', 'y', 'z']) await trx.insertInto('item').values({ name }).execute();
    });
    const byName = (name: string) =>
      db.selectFrom('item').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    expect((await byName('y')).id).toBe(2);
    expect((await byName('z')).id).toBe(3);
    await db.destroy();
    open.splice(open.indexOf(sqlite), 1);
  });

  it("reads another connection's commits once per turn of the event loop", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'change-marker-'));
    try {
      const file = path.join(dir, 'hustle.db');
      const own = new SQLite(file);
      own.pragma('journal_mode = WAL');
      own.exec('create table item (id integer primary key, name text not null)');
      const other = new SQLite(file);
      open.push(own, other);
      const { changeMarker } = withStatementCache(own);
      const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

      const before = changeMarker.dataVersion();
      other.exec("insert into item (name) values ('a')");
      // The turn that read the marker keeps its value: one statement however many reads it serves.
      expect(changeMarker.dataVersion()).toBe(before);
      await nextTurn();
      const after = changeMarker.dataVersion();
      expect(after).not.toBe(before);
      await nextTurn();
      expect(changeMarker.dataVersion()).toBe(after);
    } finally {
      for (const sqlite of open.splice(0)) sqlite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
