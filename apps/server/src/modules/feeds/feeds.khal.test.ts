import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { khalImportAndList } from '../../testing/calendar-clients.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/**
 * A calendar client no one here wrote reads the feed: Debian's khal (which CI installs) imports
 * it into its own store and lists the days, recurring ones expanded by its own rules.
 */
describe.each(testDialects)('a calendar feed in khal (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let dir: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set('2026-11-27T10:00:00.000Z');
    ada = await apiClientFor(t.app, 'ada@example.com');
    dir = mkdtempSync(path.join(os.tmpdir(), 'hustle-khal-'));
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('imports every entry and shows each on its day', async () => {
    const { id } = await ada.callOk('createTask', {
      body: {
        workspaceId: ada.workspaceId,
        projectId: null,
        name: 'Call Anna; at 5',
        planned: false,
      },
    });
    await ada.callOk('planTaskForDay', {
      params: { id },
      body: {
        workspaceId: ada.workspaceId,
        projectId: null,
        origin: 'workspace',
        day: '2026-11-28',
      },
    });
    await ada.callOk('setTaskDeadline', {
      params: { id },
      body: { workspaceId: ada.workspaceId, projectId: null, deadline: '2026-12-02' },
    });
    for (const dayOfMonth of [31, 30]) {
      await ada.callOk('createAutomation', {
        body: {
          workspaceId: ada.workspaceId,
          trigger: { frequency: 'MONTHLY', dayOfMonth },
          steps: [{ type: 'TASK', payload: { taskName: `Pay on the ${dayOfMonth}th` } }],
        },
      });
    }
    const { url } = await ada.callOk('openCalendarFeed', { body: { projectId: null } });
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);

    const listed = await khalImportAndList(dir, feed.body, {
      from: '2026-11-27',
      to: '2027-03-02',
    });
    // Within a day khal picks its own order: compare the days' sets.
    expect(listed.sort()).toEqual([
      '2026-11-28 Call Anna; at 5',
      '2026-11-30 Pay on the 30th',
      '2026-11-30 Pay on the 31th',
      '2026-12-02 Due: Call Anna; at 5',
      '2026-12-30 Pay on the 30th',
      '2026-12-31 Pay on the 31th',
      '2027-01-30 Pay on the 30th',
      '2027-01-31 Pay on the 31th',
      '2027-02-28 Pay on the 30th',
      '2027-02-28 Pay on the 31th',
    ]);
  });
});
