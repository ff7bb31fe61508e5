import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as adminRepo from '../modules/admin/admin.repository.ts';
import * as auth from '../modules/auth/auth.repository.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-databases.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';

const url = process.env.TEST_DATABASE_URL;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Decision 052: on PostgreSQL each instance keeps the session lookup until a session or a user
 * changes on any instance. Two pools on one schema stand for two instances: `a` ends sessions,
 * `b` answers lookups and counts the statements it sends.
 */
describe.runIf(url)('the session lookup kept across instances (PostgreSQL)', () => {
  let a: TestDatabase;
  let b: DatabaseHandle;
  let bStatements: string[];
  let appName: string;
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 86_400_000).toISOString();

  beforeEach(async () => {
    a = await createTestDatabase('postgres');
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(a.db);
    appName = `feed_${rows[0]!.schema}`;
    bStatements = [];
    b = openDatabase({
      databaseUrl: `${url}${url!.includes('?') ? '&' : '?'}application_name=${appName}`,
      pgSchema: rows[0]!.schema,
      onQuery: (text) => bStatements.push(text),
    });
    await auth.insertUserWithWorkspace(
      a.db,
      { id: 'u1', email: 'one@example.com', timezone: 'UTC', createdAt: now },
      'w1',
    );
    for (const id of ['s1', 's2']) {
      await auth.insertSession(a.db, {
        id,
        user_id: 'u1',
        token_hash: `hash-${id}`,
        created_at: now,
        expires_at: later,
        user_agent: null,
      });
    }
  });
  afterEach(async () => {
    await b.close();
    await a.destroy();
  });

  /** b's lookup of a token, with the statements it sent. */
  async function lookUp(hash: string) {
    bStatements = [];
    const row = await auth.findSessionByTokenHash(b.db, hash);
    return {
      revoked: row?.revokedAt !== null,
      email: row?.email,
      disabled: row ? row.disabledAt !== null : undefined,
      sent: bStatements.length,
    };
  }

  /** Until b keeps the lookup: its feed listens from a moment after the first lookup. */
  async function kept(hash: string): Promise<void> {
    for (let tries = 0; tries < 100; tries += 1) {
      await lookUp(hash);
      if ((await lookUp(hash)).sent === 0) return;
      await pause(20);
    }
    throw new Error('never kept');
  }

  /** Milliseconds until b's lookup of `hash` says revoked, polled every 5 ms. */
  async function msUntilRevoked(hash: string): Promise<number> {
    const start = Date.now();
    while (!(await lookUp(hash)).revoked) {
      if (Date.now() - start > 2_000) throw new Error('still let in after 2 s');
      await pause(5);
    }
    return Date.now() - start;
  }

  it('keeps the lookup, and drops it within 100 ms of a sign-out on another instance', async () => {
    await kept('hash-s1');
    expect(await lookUp('hash-s1')).toEqual({
      revoked: false,
      email: 'one@example.com',
      disabled: false,
      sent: 0,
    });
    expect(await auth.revokeSessionOfUser(a.db, 'u1', 's1', now)).toBe(true);
    expect(await msUntilRevoked('hash-s1')).toBeLessThan(100);
    // The other session of the user is read again too, and still signs in.
    expect(await lookUp('hash-s2')).toMatchObject({ revoked: false, sent: 1 });
  });

  it('sees an e-mail change and an erased account from another instance', async () => {
    await kept('hash-s1');
    await auth.updateUserEmail(a.db, 'u1', 'new@example.com');
    const start = Date.now();
    while ((await lookUp('hash-s1')).email !== 'new@example.com') {
      expect(Date.now() - start).toBeLessThan(100);
      await pause(5);
    }
    await kept('hash-s1');
    await auth.deleteUser(a.db, 'u1');
    const deletedAt = Date.now();
    while ((await lookUp('hash-s1')).email !== undefined) {
      expect(Date.now() - deletedAt).toBeLessThan(100);
      await pause(5);
    }
  });

  it('sees an account disabled on another instance, even with its sessions left alone', async () => {
    await kept('hash-s1');
    await adminRepo.setDisabled(a.db, 'u1', now);
    const start = Date.now();
    while (!(await lookUp('hash-s1')).disabled) {
      expect(Date.now() - start).toBeLessThan(100);
      await pause(5);
    }
  });

  it('sees its own sign-out at once, before any notification', async () => {
    await kept('hash-s1');
    await auth.revokeSessionOfUser(b.db, 'u1', 's1', now);
    expect(await lookUp('hash-s1')).toMatchObject({ revoked: true, sent: 1 });
  });

  it('keeps nothing while its listening connection is down, and reads again once back', async () => {
    await kept('hash-s1');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1 and query ilike 'listen %'`,
      [appName],
    );
    expect(killed.rowCount).toBe(1);
    // Signed out while b cannot hear it: b must not answer from what it kept.
    await auth.revokeSessionOfUser(a.db, 'u1', 's1', now);
    await admin.end();
    expect(await msUntilRevoked('hash-s1')).toBeLessThan(100);
    // While down (it reconnects after a second), every lookup is read.
    expect((await lookUp('hash-s2')).sent).toBe(1);
    expect((await lookUp('hash-s2')).sent).toBe(1);
    // Back: kept again.
    await kept('hash-s2');
  });
});
