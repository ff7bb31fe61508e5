// Runs the automation scheduler once against a SQLite file, as a separate server process would.
// Used by the race test: `node --import tsx run-scheduler-once.ts <file> <iso-now>`.
import { openDatabase } from '../db/database.ts';
import { createTestScheduler } from './test-scheduler.ts';

const [file, now] = process.argv.slice(2);
const database = openDatabase({ sqliteFile: file! });
const clock = { now: () => new Date(now!) };
const scheduler = createTestScheduler(database, clock);
const fired = await scheduler.runDue();
await database.close();
process.stdout.write(String(fired));
