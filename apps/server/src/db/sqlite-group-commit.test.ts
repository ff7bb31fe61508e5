import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { openDatabase, type DatabaseHandle, type Db } from './database.ts';
import { createSqliteGroupCommit } from './sqlite-group-commit.ts';

/**
 * Decision 034: commands queued together share one transaction and one commit, each in its own
 * savepoint. Against a real SQLite file with the app's pragmas, read back through a second
 * connection, which sees only what was committed.
 */
describe('SQLite group commit', () => {
  let dir: string;
  let database: DatabaseHandle;
  let statements: string[];
  let observer: SQLite.Database;
  let groupCommit: ReturnType<typeof createSqliteGroupCommit>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
    statements = [];
    const file = path.join(dir, 'test.db');
    database = openDatabase({ sqliteFile: file, onQuery: (text) => statements.push(text) });
    await sql`create table parent (id text primary key)`.execute(database.db);
    await sql`create table note (id text primary key, parent_id text references parent (id))`.execute(
      database.db,
    );
    observer = new SQLite(file, { readonly: true });
    groupCommit = createSqliteGroupCommit(database.db);
    statements = [];
  });
  afterEach(async () => {
    observer.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insertNote = (trx: Db, id: string) =>
    sql`insert into note (id) values (${id})`.execute(trx);
  const committedNotes = () =>
    (observer.prepare('select id from note order by id').all() as { id: string }[]).map(
      (row) => row.id,
    );
  const commits = () => statements.filter((text) => text === 'commit').length;

  it('commits commands queued together once, and answers each in the order they came', async () => {
    const answered: string[] = [];
    const runs = ['a', 'b', 'c'].map((id) =>
      groupCommit
        .run(async (trx) => {
          await insertNote(trx, id);
          return id;
        })
        .then((value) => {
          // The answer comes after the commit: another connection already sees the row.
          expect(committedNotes()).toContain(value);
          answered.push(value);
          return value;
        }),
    );
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(answered).toEqual(['a', 'b', 'c']);
    expect(commits()).toBe(1);
    expect(committedNotes()).toEqual(['a', 'b', 'c']);
  });

  it('undoes only a refused command: the others in its batch are committed', async () => {
    const refused = groupCommit.run(async (trx) => {
      await insertNote(trx, 'refused');
      throw new AppError('PROJECT_LIMIT_REACHED', 'No room.');
    });
    const before = groupCommit.run((trx) => insertNote(trx, 'before'));
    const after = groupCommit.run((trx) => insertNote(trx, 'after'));
    await expect(refused).rejects.toMatchObject({ code: 'PROJECT_LIMIT_REACHED' });
    await Promise.all([before, after]);
    expect(commits()).toBe(1);
    expect(committedNotes()).toEqual(['after', 'before']);
  });

  it('reruns a command a concurrent insert got in the way of, without its first attempt’s rows', async () => {
    await groupCommit.run((trx) => insertNote(trx, 'taken'));
    let attempts = 0;
    const answer = await groupCommit.run(async (trx) => {
      attempts += 1;
      await insertNote(trx, `attempt-${attempts}`);
      if (attempts === 1) await insertNote(trx, 'taken'); // a unique key: rerun
      return attempts;
    });
    expect(answer).toBe(2);
    expect(committedNotes()).toEqual(['attempt-2', 'taken']);
  });

  it('answers a conflict that outlasts the reruns with 409, keeping the batch', async () => {
    await groupCommit.run((trx) => insertNote(trx, 'taken'));
    const conflicting = groupCommit.run((trx) => insertNote(trx, 'taken'));
    const other = groupCommit.run((trx) => insertNote(trx, 'other'));
    await expect(conflicting).rejects.toMatchObject({ code: 'CONFLICT', status: 409 });
    await other;
    expect(committedNotes()).toEqual(['other', 'taken']);
  });

  it('acknowledges nothing of a batch whose commit fails', async () => {
    const first = groupCommit.run((trx) => insertNote(trx, 'first'));
    // A foreign key checked only at commit makes the commit itself fail.
    const orphan = groupCommit.run(async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx);
      await sql`insert into note (id, parent_id) values ('orphan', 'missing')`.execute(trx);
    });
    const results = await Promise.allSettled([first, orphan]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(committedNotes()).toEqual([]);
    // The connection is usable afterwards: the next batch commits.
    await groupCommit.run((trx) => insertNote(trx, 'next'));
    expect(committedNotes()).toEqual(['next']);
  });

  it('takes at most 100 commands into one batch', async () => {
    await Promise.all(
      Array.from({ length: 150 }, (_, i) => groupCommit.run((trx) => insertNote(trx, `n${i}`))),
    );
    expect(commits()).toBe(2);
    expect(committedNotes()).toHaveLength(150);
  });
});
