import { createPushKeys } from '../modules/reminders/push-keys.ts';
import { createReminderScheduler } from '../modules/reminders/reminder-scheduler.ts';
import type { TestApp } from './test-app.ts';

/**
 * Another process's reminder scheduler on the test app's database: its own keys cache, its own
 * passes (run by hand: no interval), sending to loopback push services and the app's mailer.
 */
export function anotherReminderScheduler(t: TestApp) {
  return createReminderScheduler({
    db: t.database.db,
    clock: t.clock,
    log: t.app.log,
    keys: createPushKeys({ db: t.database.db, clock: t.clock }),
    mailer: t.mailer,
    appUrl: 'https://hustle.test',
    push: { subject: 'mailto:ops@hustle.test', outbound: { allowLoopback: true }, timeoutMs: 5000 },
    intervalMs: 0,
  });
}
