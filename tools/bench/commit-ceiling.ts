import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * How many single-row insert commits per second this machine's SQLite makes, on the same disk as
 * the app's database and with the app's pragmas (src/db/database.ts: WAL, synchronous=FULL, so
 * every commit waits for the disk). No write can commit faster than this.
 */
export function sqliteCommitsPerSecond(dir: string, seconds: number): number {
  const sqlite = new SQLite(path.join(dir, 'commit-ceiling.db'));
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    if (sqlite.pragma('synchronous', { simple: true }) !== 2) {
      throw new Error('SQLite did not take synchronous=FULL');
    }
    sqlite.exec('create table commits (id integer primary key, at text not null)');
    const insert = sqlite.prepare('insert into commits (at) values (?)');
    return countFor(seconds, () => insert.run(new Date().toISOString()));
  } finally {
    sqlite.close();
  }
}

/** The same on PostgreSQL: one connection, one insert per transaction, each awaited. */
export async function postgresCommitsPerSecond(url: string, seconds: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create table bench_commits (id serial primary key, at text not null)');
    let commits = 0;
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    while (performance.now() < end) {
      await client.query('insert into bench_commits (at) values ($1)', [new Date().toISOString()]);
      commits += 1;
    }
    await client.query('drop table bench_commits');
    return commits / ((performance.now() - started) / 1000);
  } finally {
    await client.end();
  }
}

function countFor(seconds: number, work: () => void): number {
  let count = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  while (performance.now() < end) {
    work();
    count += 1;
  }
  return count / ((performance.now() - started) / 1000);
}
