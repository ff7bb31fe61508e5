import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { FALLBACK_CHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer.ts';
import { createWriteTransactions } from './write-transaction.ts';

describe('the WAL checkpointer', () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-wal-'));
    handle = openDatabase({ sqliteFile: path.join(dir, 'hustle.db') });
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
  });
  afterEach(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const writeNotes = async (count: number) => {
    const writes = createWriteTransactions(handle);
    await Promise.all(
      Array.from({ length: count }, (_, index) =>
        writes.run((trx) =>
          sql`insert into notes (body) values (${`note ${index} ${'x'.repeat(500)}`})`.execute(trx),
        ),
      ),
    );
  };

  /** How many notes the database file holds on its own, without its WAL. */
  const notesInFileAlone = () => {
    const copy = path.join(dir, 'copy.db');
    fs.copyFileSync(path.join(dir, 'hustle.db'), copy);
    const reader = new SQLite(copy, { readonly: true });
    try {
      return reader.prepare('select count(*) as n from notes').get();
    } catch {
      return undefined; // the table itself is still only in the WAL
    } finally {
      reader.close();
    }
  };

  it('copies committed writes into the database file from its own thread', async () => {
    await writeNotes(300);
    const result = await handle.walCheckpointer!.nextCheckpoint();

    expect(result.busy).toBe(0);
    expect(result.log).toBeGreaterThan(0);
    expect(result.checkpointed).toBe(result.log);
    expect(notesInFileAlone()).toEqual({ n: 300 });
  });

  it('is asked by the group commit, with no one else asking', async () => {
    await writeNotes(300);
    await expect.poll(notesInFileAlone, { timeout: 5_000 }).toEqual({ n: 300 });
  });

  it('leaves checkpoints to the worker, so the WAL starts over instead of growing', async () => {
    // The app's own connection copies back only past a much longer WAL than SQLite's 1,000.
    const pages = await sql<{
      wal_autocheckpoint: number;
    }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(pages.rows[0]!.wal_autocheckpoint).toBe(FALLBACK_CHECKPOINT_PAGES);

    await writeNotes(200);
    const first = await handle.walCheckpointer!.nextCheckpoint();
    await writeNotes(1);
    const next = await handle.walCheckpointer!.nextCheckpoint();
    // Everything was copied back, so the next commit wrote from the WAL's start again.
    expect(next.log).toBeLessThan(first.log);
    expect(next.checkpointed).toBe(next.log);
  });

  it('calls for the fallback when its worker cannot work, and still closes', async () => {
    let failures = 0;
    const checkpointer = startWalCheckpointer(path.join(dir, 'missing', 'hustle.db'), () => {
      failures += 1;
    });
    await expect.poll(() => failures).toBe(1);
    checkpointer.nudge();
    await checkpointer.close();
    expect(failures).toBe(1);
  });

  it('is not started for a database in memory', () => {
    const memory = openDatabase({ sqliteFile: ':memory:' });
    expect(memory.walCheckpointer).toBeUndefined();
    return memory.close();
  });
});
