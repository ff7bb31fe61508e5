import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import {
  DatabaseUnreachableError,
  describeDatabaseUrl,
  waitForDatabase,
} from './wait-for-database.ts';
import { freePort } from '../testing/ports.ts';

describe('waiting for the database at start-up', () => {
  it('retries a closed port with a message per attempt, then gives up clearly', async () => {
    const port = await freePort();
    const url = `postgres://hustle:secret@127.0.0.1:${port}/hustle`;
    const handle = openDatabase({ databaseUrl: url });
    const lines: string[] = [];
    try {
      const waiting = waitForDatabase({
        ping: handle.ping,
        where: describeDatabaseUrl(url),
        waitSeconds: 1,
        intervalMs: 200,
        log: (line) => lines.push(line),
      });
      await expect(waiting).rejects.toThrow(DatabaseUnreachableError);
      await expect(waiting).rejects.toThrow(
        new RegExp(`database at 127\\.0\\.0\\.1:${port} did not answer within 1 s`),
      );
    } finally {
      await handle.close();
    }
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(
      new RegExp(`^waiting for the database at 127\\.0\\.0\\.1:${port} \\(attempt 1\\)`),
    );
    expect(lines[1]).toContain('(attempt 2)');
    expect(lines.join('\n')).not.toContain('secret');
  });

  it('goes on as soon as the database answers', async () => {
    let calls = 0;
    const lines: string[] = [];
    await waitForDatabase({
      ping: async () => {
        calls += 1;
        if (calls < 3) throw new Error('connect ECONNREFUSED');
      },
      where: 'db:5432',
      waitSeconds: 30,
      intervalMs: 10,
      log: (line) => lines.push(line),
    });
    expect(calls).toBe(3);
    expect(lines).toEqual([
      'waiting for the database at db:5432 (attempt 1): connect ECONNREFUSED',
      'waiting for the database at db:5432 (attempt 2): connect ECONNREFUSED',
    ]);
  });

  it('names host and port only', () => {
    expect(describeDatabaseUrl('postgres://u:p@db.internal/hustle')).toBe('db.internal:5432');
    expect(describeDatabaseUrl('postgresql://u@10.0.0.5:6543/x')).toBe('10.0.0.5:6543');
  });
});
