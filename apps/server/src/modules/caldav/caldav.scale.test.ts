import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTasks } from '../../testing/seed-tasks.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runClient, writeVdirsyncerConfig } from '../../testing/calendar-clients.ts';
import { calendarUser, type CalendarUser } from './caldav-testing.ts';

const TASKS = 5_000;
/** Issue 32: "first sync of 5,000 tasks ≤ 10 s here". */
const FIRST_SYNC_BUDGET_SECONDS = 10;

/**
 * Issue 32's scale: vdirsyncer's first sync of 5,000 tasks within the issue's 10 s (it takes about
 * 2 s here, so the budget itself is the margin a busy shared machine needs), and after one change a
 * sync that carries that one task (counted in the server's answers).
 */
describe('vdirsyncer over 5,000 tasks', () => {
  let t: TestApp;
  let ada: CalendarUser;
  let dir: string;
  let config: string;
  /** Task objects (VTODOs) the server has sent. */
  let sent = 0;
  beforeEach(async () => {
    t = await createTestApp('sqlite', {
      onRoute: (route) => {
        if (!route.url.startsWith('/dav/calendars/')) return;
        route.onSend = [
          async (_request, _reply, payload) => {
            if (typeof payload === 'string') sent += payload.split('BEGIN:VTODO').length - 1;
            return payload;
          },
        ];
      },
    });
    ada = await calendarUser(t, 'ada@example.com');
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // The client's folder in memory where there is one: the budget is the server's and the
    // sync's, not the fsyncs of 5,000 files on a shared disk.
    dir = mkdtempSync(
      path.join(existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'hustle-vdirsyncer-scale-'),
    );
    config = writeVdirsyncerConfig(dir, origin, ada);
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('syncs them all first, then one change as one task', async () => {
    const seeded = await insertTasks(t.database.db, ada.api.workspaceId, TASKS);
    await runClient('/bin/sh', ['-c', `yes | vdirsyncer -c "${config}" discover`]);

    const started = performance.now();
    await runClient('vdirsyncer', ['-c', config, 'sync']);
    const seconds = (performance.now() - started) / 1000;
    expect(sent).toBe(TASKS);
    console.log(
      `vdirsyncer's first sync of ${TASKS} tasks: ${seconds.toFixed(1)} s (budget ${FIRST_SYNC_BUDGET_SECONDS} s)`,
    );
    expect(seconds).toBeLessThanOrEqual(FIRST_SYNC_BUDGET_SECONDS);

    await ada.api.callOk('renameTask', {
      params: { id: seeded[42]!.id },
      body: { workspaceId: ada.api.workspaceId, projectId: null, name: 'Renamed once' },
    });
    sent = 0;
    await runClient('vdirsyncer', ['-c', config, 'sync']);
    expect(sent).toBe(1);
  }, 60_000);
});
