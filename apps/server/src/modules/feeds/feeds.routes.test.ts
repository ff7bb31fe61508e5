import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Issue 32 through the API: calendar feeds per account and per project, read by calendar apps. */
describe.each(testDialects)('calendar feeds (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set('2026-11-27T10:00:00.000Z');
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const open = async (client: ApiClient, projectId: string | null) =>
    client.callOk('openCalendarFeed', { body: { projectId } });
  /** What a calendar app reads at the address: the status and the parsed events. */
  async function fetchFeed(url: string) {
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    if (res.statusCode !== 200) return { status: res.statusCode, events: [] };
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toString(),
        allDay: event.startDate.isDate,
        rrule: vevent.getFirstPropertyValue('rrule')?.toString() ?? null,
      };
    });
    return {
      status: 200,
      name: calendar.getFirstPropertyValue('x-wr-calname'),
      body: res.body,
      events,
    };
  }
  const addTask = async (client: ApiClient, name: string, projectId: string | null = null) =>
    (
      await client.callOk('createTask', {
        body: { workspaceId: client.workspaceId, projectId, name, planned: false },
      })
    ).id;
  const planFor = (client: ApiClient, id: string, day: string, projectId: string | null = null) =>
    client.callOk('planTaskForDay', {
      params: { id },
      body: { workspaceId: client.workspaceId, projectId, origin: 'workspace', day },
    });
  const setDeadline = (id: string, deadline: string, projectId: string | null = null) =>
    ada.callOk('setTaskDeadline', {
      params: { id },
      body: { workspaceId: ada.workspaceId, projectId, deadline },
    });

  it('holds planned days, deadlines and automations as valid all-day iCalendar events', async () => {
    const call = await addTask(ada, 'Call Anna');
    await planFor(ada, call, '2026-11-28');
    const report = await addTask(ada, 'Report, draft; final');
    await setDeadline(report, '2026-12-04');
    const done = await addTask(ada, 'Done already');
    await planFor(ada, done, '2026-11-29');
    await ada.callOk('taskAction', {
      params: { id: done, action: 'complete' },
      body: { workspaceId: ada.workspaceId, projectId: null, origin: 'workspace' },
    });
    await ada.callOk('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        trigger: { frequency: 'MONTHLY', dayOfMonth: 31 },
        steps: [{ type: 'TASK', payload: { taskName: 'Pay rent' } }],
      },
    });
    await ada.callOk('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        trigger: { frequency: 'WEEKLY', weekdays: [1, 4] },
        steps: [{ type: 'TASK', payload: { taskName: 'Water plants' } }],
      },
    });
    await ada.callOk('createAutomation', {
      body: {
        workspaceId: ada.workspaceId,
        trigger: { frequency: 'MONTHLY', dayOfMonth: 30 },
        steps: [{ type: 'TASK', payload: { taskName: 'Water the cactus' } }],
      },
    });

    const feed = await open(ada, null);
    expect(feed).toMatchObject({ projectId: null, createdAt: '2026-11-27T10:00:00.000Z' });
    const { status, name, events } = await fetchFeed(feed.url);
    expect(status).toBe(200);
    expect(name).toBe('Hustle');
    expect(events).toEqual([
      {
        uid: `planned-${call}@hustle.test`,
        summary: 'Call Anna',
        start: '2026-11-28',
        allDay: true,
        rrule: null,
      },
      {
        uid: `deadline-${report}@hustle.test`,
        summary: 'Due: Report, draft; final',
        start: '2026-12-04',
        allDay: true,
        rrule: null,
      },
      {
        uid: expect.stringMatching(/^automation-.+@hustle\.test$/),
        summary: 'Pay rent',
        start: '2026-11-30',
        allDay: true,
        rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
      },
      {
        uid: expect.stringMatching(/^automation-.+@hustle\.test$/),
        summary: 'Water plants',
        start: '2026-11-30',
        allDay: true,
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      },
      {
        uid: expect.stringMatching(/^automation-[^@]+[0-9a-f]@hustle\.test$/),
        summary: 'Water the cactus',
        start: '2026-11-30',
        allDay: true,
        rrule: 'FREQ=MONTHLY;BYMONTHDAY=30',
      },
      {
        uid: expect.stringMatching(/^automation-.+-february@hustle\.test$/),
        summary: 'Water the cactus',
        start: '2027-02-28',
        allDay: true,
        rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1',
      },
    ]);
  });

  it('answers the same address until regenerated; the old one then stops', async () => {
    const first = await open(ada, null);
    expect((await open(ada, null)).url).toBe(first.url);
    const renewed = await ada.callOk('regenerateCalendarFeed', { body: { projectId: null } });
    expect(renewed.url).not.toBe(first.url);
    expect((await fetchFeed(first.url)).status).toBe(404);
    expect((await fetchFeed(renewed.url)).status).toBe(200);
    expect((await ada.callOk('listCalendarFeeds')).feeds).toEqual([renewed]);
  });

  it('answers requests at once one after the other: one feed, and the last renewal wins', async () => {
    const opened = await Promise.all(Array.from({ length: 5 }, () => open(ada, null)));
    expect(new Set(opened.map((feed) => feed.url)).size).toBe(1);
    const renewed = await Promise.all(
      Array.from({ length: 4 }, () =>
        ada.call('regenerateCalendarFeed', { body: { projectId: null } }),
      ),
    );
    expect(renewed.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const { feeds } = await ada.callOk('listCalendarFeeds');
    expect(feeds).toHaveLength(1);
    // Every answer but the one kept names an address that no longer reads.
    const urls = renewed.map((res) => res.json().url as string);
    expect(new Set(urls).size).toBe(4);
    expect(urls).toContain(feeds[0]!.url);
    for (const url of urls) {
      expect((await fetchFeed(url)).status).toBe(url === feeds[0]!.url ? 200 : 404);
    }
  });

  it('refuses forged, malformed and unknown addresses alike, with a 404', async () => {
    const { url } = await open(ada, null);
    const file = url.split('/').at(-1)!;
    const [id, signature] = file.split('.');
    const forged = `${id}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.ics`;
    for (const bad of [forged, `${id}.ics`, 'nothing.ics', `${file}x`, '%00', 'a'.repeat(99)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/calendar-feeds/${bad}` });
      expect(`${bad}: ${res.statusCode}`).toBe(`${bad}: 404`);
    }
  });

  it('keeps a project feed to the project; a member has one until they leave', async () => {
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Home' },
    });
    const inProject = await addTask(ada, 'Fix the shelf', projectId);
    await setDeadline(inProject, '2026-12-01', projectId);
    const inbox = await addTask(ada, 'Inbox only');
    await setDeadline(inbox, '2026-12-02');
    const bea = await apiClientFor(t.app, 'bea@example.com');
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    await bea.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace(/^.*\/invite\//, '') },
    });
    await planFor(bea, inProject, '2026-11-30', projectId);

    const adaFeed = await fetchFeed((await open(ada, projectId)).url);
    expect(adaFeed.name).toBe('Hustle · Home');
    expect(adaFeed.events.map((event) => `${event.summary} ${event.start}`)).toEqual([
      'Due: Fix the shelf 2026-12-01',
    ]);
    expect(adaFeed.body).toMatch(/\r\nCOLOR:#[0-9a-f]{6}\r\n/);
    const beaUrl = (await open(bea, projectId)).url;
    expect(
      (await fetchFeed(beaUrl)).events.map((event) => `${event.summary} ${event.start}`),
    ).toEqual(['Fix the shelf 2026-11-30', 'Due: Fix the shelf 2026-12-01']);
    // Someone else cannot make a feed of it: it is not there for them.
    const cid = await apiClientFor(t.app, 'cid@example.com');
    expect((await cid.call('openCalendarFeed', { body: { projectId } })).statusCode).toBe(404);

    await bea.callOk('leaveProject', {
      params: { projectId },
      body: { workspaceId: bea.workspaceId },
    });
    expect((await fetchFeed(beaUrl)).status).toBe(404);
  });

  it('shows a late task on today, and nothing of a disabled account', async () => {
    const late = await addTask(ada, 'Late');
    await planFor(ada, late, '2026-11-27');
    const { url } = await open(ada, null);
    t.clock.set('2026-11-30T10:00:00.000Z');
    expect((await fetchFeed(url)).events.map((event) => event.start)).toEqual(['2026-11-30']);

    const admin = await apiClientFor(t.app, TEST_ADMIN_EMAIL);
    await admin.callOk('disableUser', { params: { id: ada.userId } });
    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('refuses a token without the calendar scope, and lets one with it open feeds', async () => {
    const token = async (scopes: ('read' | 'calendar')[]) => ({
      authorization: `Bearer ${(await ada.callOk('createToken', { body: { name: 'Cal', scopes } })).secret}`,
    });
    const body = { projectId: null };
    const reader = await callEndpoint(t.app, 'openCalendarFeed', { body }, await token(['read']));
    expect(reader.statusCode).toBe(403);
    const calendar = await callEndpoint(
      t.app,
      'openCalendarFeed',
      { body },
      await token(['calendar']),
    );
    expect(calendar.statusCode).toBe(200);
    expect(calendar.json().url).toBe((await open(ada, null)).url);
  });
});
