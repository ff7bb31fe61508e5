import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { testDialects, createTestDatabase } from '../../testing/test-databases.ts';
import { TestClock } from '../../testing/test-app.ts';
import { createTestScheduler } from '../../testing/test-scheduler.ts';

const exec = promisify(execFile);

async function seed(
  db: DatabaseHandle['db'],
  automations: {
    id: string;
    day: number;
    createdAt: string;
    frequency?: 'MONTHLY' | 'WEEKLY' | 'DAILY';
    weekdays?: string;
  }[],
) {
  await db
    .insertInto('users')
    .values({
      id: 'u1',
      email: 'ada@example.com',
      timezone: 'UTC',
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('workspaces')
    .values({ id: 'w1', owner_user_id: 'u1', version: 1, updated_at: '2026-01-01T00:00:00.000Z' })
    .execute();
  for (const a of automations) {
    await db
      .insertInto('automations')
      .values({
        id: a.id,
        workspace_id: 'w1',
        name: a.id,
        frequency: a.frequency ?? 'MONTHLY',
        day_of_month: a.day,
        weekdays: a.weekdays ?? null,
        task_name: `Task ${a.id}`,
        created_at: a.createdAt,
        paused_at: null,
        scheduled_from: a.createdAt,
      })
      .execute();
  }
}

const tasksOf = (db: DatabaseHandle['db']) =>
  db.selectFrom('tasks').select(['automation_id', 'name']).orderBy('automation_id').execute();

describe.each(testDialects)('automation scheduler (%s)', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('catches up after downtime, once, and not for months before it existed', async () => {
    const database = await createTestDatabase(dialect);
    cleanups.push(database.destroy);
    await seed(database.db, [{ id: 'a1', day: 3, createdAt: '2026-10-01T00:00:00.000Z' }]);
    const clock = new TestClock('2026-11-20T10:00:00.000Z'); // down since before the 3rd
    const scheduler = createTestScheduler(database, clock);
    expect(await scheduler.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);
    expect(await tasksOf(database.db)).toEqual([{ automation_id: 'a1', name: 'Task a1' }]);
    const planned = await database.db.selectFrom('planned_tasks').selectAll().execute();
    expect(planned).toHaveLength(1);
  });

  it('two schedulers racing on one database make exactly one task per automation per period', async () => {
    const automations = Array.from({ length: 8 }, (_, i) => ({
      id: `a${i}`,
      day: (i % 3) + 1,
      createdAt: '2026-10-01T00:00:00.000Z',
    }));
    // Monthly, and the periods of a day: every day, and Thursdays (5 November 2026 is one).
    Object.assign(automations[6]!, { frequency: 'DAILY', day: 0 });
    Object.assign(automations[7]!, { frequency: 'WEEKLY', day: 0, weekdays: '2,4' });
    const now = '2026-11-05T00:00:00.000Z';
    let db: DatabaseHandle['db'];
    let fired: number[];
    if (dialect === 'sqlite') {
      // Separate processes, as two servers on one SQLite file would be.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-race-'));
      const file = path.join(dir, 'race.db');
      const handle = openDatabase({ sqliteFile: file });
      await migrateToLatest(handle.db);
      cleanups.push(async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      });
      db = handle.db;
      await seed(db, automations);
      const script = path.join(import.meta.dirname, '..', '..', 'testing', 'run-scheduler-once.ts');
      const runOnce = () =>
        exec(process.execPath, ['--import', 'tsx', script, file, now]).then(({ stdout }) =>
          Number(stdout),
        );
      fired = await Promise.all([runOnce(), runOnce(), runOnce()]);
    } else {
      const database = await createTestDatabase('postgres');
      const schema = (
        await database.db
          .selectNoFrom((eb) => eb.fn<string>('current_schema').as('s'))
          .executeTakeFirstOrThrow()
      ).s;
      const second = openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: schema });
      cleanups.push(async () => {
        await second.close();
        await database.destroy();
      });
      db = database.db;
      await seed(db, automations);
      const clock = new TestClock(now);
      const a = createTestScheduler(database, clock);
      const b = createTestScheduler(second, clock);
      fired = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    }
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(8);
    const tasks = await tasksOf(db);
    expect(tasks.map((task) => task.automation_id)).toEqual(automations.map((x) => x.id).sort());
    const runs = await db.selectFrom('automation_runs').selectAll().execute();
    expect(runs).toHaveLength(8);
    expect(runs.every((run) => run.status === 'CREATED' && run.task_id)).toBe(true);
  });

  it('retries a failed run later in the month', async () => {
    const database = await createTestDatabase(dialect);
    cleanups.push(database.destroy);
    await seed(database.db, [{ id: 'a1', day: 1, createdAt: '2026-10-01T00:00:00.000Z' }]);
    await database.db
      .insertInto('automation_runs')
      .values({
        automation_id: 'a1',
        period: '2026-11',
        task_id: null,
        status: 'ERROR',
        error: 'boom',
        created_at: '2026-11-01T00:00:00.000Z',
      })
      .execute();
    const scheduler = createTestScheduler(database, new TestClock('2026-11-02T00:00:00.000Z'));
    expect(await scheduler.runDue()).toBe(1);
    expect(await tasksOf(database.db)).toHaveLength(1);
  });
});
