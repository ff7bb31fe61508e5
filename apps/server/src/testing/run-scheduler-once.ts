// Runs the automation scheduler once against a SQLite file, as a separate server process would.
// Used by the race test: `node --import tsx run-scheduler-once.ts <file> <iso-now>`.
import pino from 'pino';
import { openDatabase } from '../db/database.ts';
import { createAutomationScheduler } from '../modules/automations/automation-scheduler.ts';

const [file, now] = process.argv.slice(2);
const database = openDatabase({ sqliteFile: file! });
const clock = { now: () => new Date(now!) };
const scheduler = createAutomationScheduler({
  db: database.db,
  clock,
  log: pino({ level: 'silent' }),
  intervalMs: 0,
});
const fired = await scheduler.runDue();
await database.close();
process.stdout.write(String(fired));
