import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-databases.ts';
import type { Db } from './database.ts';
import { createPgGroupCommit } from './pg-group-commit.ts';
import { retryingWrites } from './write-errors.ts';

const url = process.env.TEST_DATABASE_URL;

/**
 * Decision 051: on PostgreSQL, commands queued on one key share one transaction under the key's
 * lock and one commit, each in its own savepoint. Read back through a second connection, which
 * sees only what was committed.
 */
describe.runIf(url)('PostgreSQL group commit', () => {
  let database: TestDatabase;
  let statements: string[];
  let observer: pg.Client;
  let groupCommit: ReturnType<typeof createPgGroupCommit<{ exists: boolean }>>;
  let aloneRuns: number;

  beforeEach(async () => {
    statements = [];
    database = await createTestDatabase('postgres', { onQuery: (text) => statements.push(text) });
    await sql`create table parent (id text primary key)`.execute(database.db);
    await sql`create table note (id text primary key,
      parent_id text references parent (id) deferrable initially deferred)`.execute(database.db);
    await sql`insert into parent (id) values ('p')`.execute(database.db);
    const schema = (
      await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)
    ).rows[0]!.schema;
    observer = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await observer.connect();
    aloneRuns = 0;
    groupCommit = createPgGroupCommit(
      () => database.session!(),
      {
        statement: 'select 1 from parent where id = $1 for update',
        held: (rows) => ({ exists: rows.length > 0 }),
      },
      (work) => {
        aloneRuns += 1;
        return retryingWrites(() =>
          database.db.transaction().execute((trx) => work(trx, undefined)),
        );
      },
    );
    statements = [];
  });
  afterEach(async () => {
    await observer.end();
    await database.destroy();
  });

  const insertNote = (trx: Db, id: string) =>
    sql`insert into note (id) values (${id})`.execute(trx);
  // The three answers read at once; one connection takes one statement at a time.
  let observed: Promise<unknown> = Promise.resolve();
  const committedNotes = async () => {
    const read = observed.then(() =>
      observer.query<{ id: string }>('select id from note order by id'),
    );
    observed = read.catch(() => undefined);
    return (await read).rows.map((row) => row.id);
  };
  const commits = () => statements.filter((text) => /\bcommit$/.test(text)).length;

  it('commits commands queued together once, and answers each only after the commit', async () => {
    const answered: string[] = [];
    const runs = ['a', 'b', 'c'].map((id) =>
      groupCommit
        .run('p', async (trx, held) => {
          expect(held).toEqual({ exists: true });
          await insertNote(trx, id);
          return id;
        })
        .then(async (value) => {
          // The answer comes after the commit: another connection already sees every row.
          expect(await committedNotes()).toEqual(['a', 'b', 'c']);
          answered.push(value);
          return value;
        }),
    );
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(answered).toEqual(['a', 'b', 'c']);
    expect(commits()).toBe(1);
    // One transaction for the three: begin, lock and savepoint go together.
    expect(statements.filter((text) => text.startsWith('begin;'))).toHaveLength(1);
  });

  it('holds the key’s lock for the whole batch, and says when its row is gone', async () => {
    const blocker = new pg.Client({ connectionString: url });
    const schema = (await observer.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
    await blocker.connect();
    await blocker.query(`set search_path = ${schema}`);
    await blocker.query('begin');
    await blocker.query(`select 1 from parent where id = 'p' for update`);
    let ran = false;
    const waiting = groupCommit.run('p', async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ran).toBe(false); // waits for the other transaction's lock
    await blocker.query('commit');
    await waiting;
    expect(ran).toBe(true);
    await blocker.end();
    expect(await groupCommit.run('gone', async (_trx, held) => held)).toEqual({ exists: false });
  });

  it('undoes only a refused command: the others in its batch are committed', async () => {
    const before = groupCommit.run('p', (trx) => insertNote(trx, 'before'));
    const refused = groupCommit.run('p', async (trx) => {
      await insertNote(trx, 'refused');
      throw new AppError('PROJECT_LIMIT_REACHED', 'No room.');
    });
    // A statement PostgreSQL refuses aborts the transaction unless rolled back to the savepoint.
    const failed = groupCommit.run('p', async (trx) => {
      await insertNote(trx, 'failed');
      await sql`select 1 / 0`.execute(trx);
    });
    const after = groupCommit.run('p', (trx) => insertNote(trx, 'after'));
    await expect(refused).rejects.toMatchObject({ code: 'PROJECT_LIMIT_REACHED' });
    await expect(failed).rejects.toMatchObject({ code: '22012' });
    await Promise.all([before, after]);
    expect(commits()).toBe(1);
    expect(await committedNotes()).toEqual(['after', 'before']);
  });

  it('runs a command a concurrent insert got in the way of alone, without its first rows', async () => {
    await groupCommit.run('p', (trx) => insertNote(trx, 'taken'));
    let attempts = 0;
    const other = groupCommit.run('p', (trx) => insertNote(trx, 'other'));
    const answer = groupCommit.run('p', async (trx) => {
      attempts += 1;
      await insertNote(trx, `attempt-${attempts}`);
      if (attempts === 1) await insertNote(trx, 'taken'); // a unique key: run again
      return attempts;
    });
    expect(await answer).toBe(2);
    await other;
    expect(aloneRuns).toBe(1);
    expect(await committedNotes()).toEqual(['attempt-2', 'other', 'taken']);
  });

  it('runs a command alone in its batch without a savepoint, and undoes it whole when refused', async () => {
    await expect(
      groupCommit.run('p', async (trx) => {
        await insertNote(trx, 'refused');
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    // The unique key a concurrent insert took: rolled back whole, then run again alone.
    await groupCommit.run('p', (trx) => insertNote(trx, 'taken'));
    let attempts = 0;
    const answer = await groupCommit.run('p', async (trx) => {
      attempts += 1;
      await insertNote(trx, `attempt-${attempts}`);
      if (attempts === 1) await insertNote(trx, 'taken');
      return attempts;
    });
    expect(answer).toBe(2);
    expect(aloneRuns).toBe(1);
    expect(statements.some((text) => text.includes('savepoint'))).toBe(false);
    // Nothing of the refused attempts is left, and the connection they ran on commits again.
    await groupCommit.run('p', (trx) => insertNote(trx, 'next'));
    expect(await committedNotes()).toEqual(['attempt-2', 'next', 'taken']);
  });

  it('acknowledges nothing of a batch whose commit fails', async () => {
    const first = groupCommit.run('p', (trx) => insertNote(trx, 'first'));
    // A foreign key checked only at commit makes the commit itself fail.
    const orphan = groupCommit.run('p', async (trx) => {
      await sql`insert into note (id, parent_id) values ('orphan', 'missing')`.execute(trx);
    });
    const results = await Promise.allSettled([first, orphan]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await committedNotes()).toEqual([]);
    // The pool is usable afterwards: the next batch commits.
    await groupCommit.run('p', (trx) => insertNote(trx, 'next'));
    expect(await committedNotes()).toEqual(['next']);
  });

  it('runs batches of different keys side by side, and at most 100 commands in one', async () => {
    await sql`insert into parent (id) values ('q')`.execute(database.db);
    await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        groupCommit.run(i % 3 === 0 ? 'q' : 'p', (trx) => insertNote(trx, `n${i}`)),
      ),
    );
    // p: 100 of its 100 in one batch; q: its 50 in one.
    expect(commits()).toBe(2);
    expect(await committedNotes()).toHaveLength(150);
  });
});
