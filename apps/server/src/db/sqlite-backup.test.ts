import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor } from '../testing/api-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { startBackupSchedule } from './backup-schedule.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { backupSqlite } from './sqlite-backup.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** `npm run backup` / `npm run restore` as the README has them, on the data folder `dataDir`. */
async function command(script: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(serverDir, 'src', `${script}.ts`), ...args],
      { cwd: serverDir, env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir } },
    );
    return { ok: true, output: stdout };
  } catch (error) {
    const failed = error as { stderr: string; code: number };
    return { ok: false, output: failed.stderr, code: failed.code };
  }
}

const rowsOf = (file: string, sql: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
};

// Each test runs `npm run backup` or `restore` as a process, which compiles the server with tsx
// on start: seconds alone, past the default limit beside the rest of the suite on two cores.
describe('SQLite backups', { timeout: 90_000 }, () => {
  let dir: string;
  let t: TestApp | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-backup-'));
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function serve(dataDir: string): Promise<TestApp> {
    fs.mkdirSync(dataDir, { recursive: true });
    const handle = openDatabase({ sqliteFile: path.join(dataDir, 'hustle.db') });
    await migrateToLatest(handle.db);
    return createTestApp('sqlite', { database: { ...handle, destroy: handle.close } });
  }

  it('copies, while ten writers run, every write acknowledged before it started; the copy restores intact', async () => {
    const live = path.join(dir, 'live');
    t = await serve(live);
    const users = await Promise.all(
      Array.from({ length: 10 }, (_, i) => apiClientFor(t!.app, `writer${i}@example.com`)),
    );
    const acknowledged: { id: string; at: number }[] = [];
    let isWriting = true;
    const writers = users.map(async (user, i) => {
      for (let n = 0; isWriting; n++) {
        const res = await user.post('/api/v1/tasks', {
          workspaceId: user.workspaceId,
          name: `Writer ${i} task ${n}`,
        });
        expect(res.statusCode).toBe(200);
        acknowledged.push({ id: res.json<{ id: string }>().id, at: performance.now() });
      }
    });
    while (acknowledged.length < 200) await new Promise((resolve) => setTimeout(resolve, 10));
    const startedAt = performance.now();
    const target = path.join(dir, 'copy.db');
    const backup = await command('backup', live, target);
    const finishedAt = performance.now();
    isWriting = false;
    await Promise.all(writers);
    expect(backup.output).toContain(`Backed up to ${target}`);

    const before = acknowledged.filter((write) => write.at < startedAt).map((write) => write.id);
    const during = acknowledged.filter((write) => write.at >= startedAt && write.at < finishedAt);
    console.log(
      `backup: ${before.length} writes acknowledged before it, ${during.length} while it ran, ` +
        `${(finishedAt - startedAt).toFixed(0)} ms (command start included)`,
    );
    expect(during.length).toBeGreaterThan(0);

    const restored = path.join(dir, 'restored');
    const restore = await command('restore', restored, target);
    expect(restore.ok, restore.output).toBe(true);
    const file = path.join(restored, 'hustle.db');
    expect(rowsOf(file, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const ids = new Set(rowsOf(file, 'select id from tasks').map((row) => row.id));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    // The restored data folder serves: the server opens and migrates it.
    await t.close();
    t = await serve(restored);
    const writer = await apiClientFor(t.app, 'writer0@example.com');
    const workspace = await writer.get(`/api/v1/workspaces/${writer.workspaceId}`);
    expect(workspace.statusCode).toBe(200);
  });

  it('refuses to restore what is not a Hustle backup, one from a newer schema, or onto a running server', async () => {
    const live = path.join(dir, 'live');
    t = await serve(live);
    await apiClientFor(t.app, 'ada@example.com');
    const backup = path.join(dir, 'good.db');
    await backupSqlite(path.join(live, 'hustle.db'), backup);

    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a database at all');
    const plain = path.join(dir, 'plain.db');
    new SQLite(plain).exec('create table kysely_migration (name text)').close();
    const newer = path.join(dir, 'newer.db');
    fs.copyFileSync(backup, newer);
    new SQLite(newer)
      .exec(`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', 'x')`)
      .close();

    const other = path.join(dir, 'other');
    const cases = [
      [text, 'is not a Hustle backup'],
      [plain, 'is not a Hustle backup'],
      [path.join(live, 'hustle.db'), 'is not a Hustle backup'],
      [newer, 'is from a newer version of Hustle (its schema has 9999-from-the-future)'],
      [path.join(dir, 'missing.db'), 'cannot be read'],
    ] as const;
    const answers = await Promise.all(cases.map(([file]) => command('restore', other, file)));
    answers.forEach((refused, i) => {
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain(cases[i]![1]);
    });
    expect(fs.existsSync(path.join(other, 'hustle.db'))).toBe(false);
    const busy = await command('restore', live, backup);
    expect(busy.output).toContain('is in use: stop Hustle before restoring');
    expect(fs.readdirSync(live).filter((name) => name.includes('before-restore'))).toEqual([]);

    await t.close();
    t = undefined;
    const done = await command('restore', live, backup);
    expect(done.ok, done.output).toBe(true);
    const kept = fs.readdirSync(live).filter((name) => name.startsWith('hustle.db.before-restore'));
    expect(kept).toHaveLength(1);
    expect(done.output).toContain(`kept as ${path.join(live, kept[0]!)}`);
  });

  it('backs up on a schedule and keeps the newest few', async () => {
    const live = path.join(dir, 'live');
    t = await serve(live);
    const backups = path.join(dir, 'backups');
    let hour = 0;
    const logged: string[] = [];
    const schedule = startBackupSchedule({
      database: path.join(live, 'hustle.db'),
      dir: backups,
      intervalMs: 30,
      keep: 2,
      now: () => new Date(Date.UTC(2026, 10, 27, hour++)),
      log: { info: (_, message) => logged.push(message), error: (_, m) => logged.push(m) },
    });
    while (logged.length < 4) await new Promise((resolve) => setTimeout(resolve, 10));
    await schedule.stop();
    expect(logged.slice(0, 4)).toEqual(Array(4).fill('scheduled backup written'));
    const names = fs.readdirSync(backups).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^hustle-20261127T0\d0000Z\.db$/);
    expect(names.at(-1)).toBe(`hustle-20261127T${String(hour - 1).padStart(2, '0')}0000Z.db`);
  });
});
