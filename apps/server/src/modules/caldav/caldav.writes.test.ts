import { endpointUrl } from '@hustle/shared/endpoint';
import { eventsApi } from '@hustle/shared/events.api';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTasks } from '../../testing/seed-tasks.ts';
import { rowsSnapshotter } from '../../testing/state-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { calendarUser, type CalendarUser } from './caldav-testing.ts';

const todo = (uid: string, fields: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test client//EN',
    'BEGIN:VTODO',
    `UID:${uid}`,
    'DTSTAMP:20261127T100000Z',
    ...fields,
    'END:VTODO',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const MULTIGET = (hrefs: string[]) =>
  '<?xml version="1.0"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">' +
  '<d:prop><d:getetag/><c:calendar-data/></d:prop>' +
  hrefs.map((href) => `<d:href>${href}</d:href>`).join('') +
  '</c:calendar-multiget>';

const SYNC = (token: string) =>
  `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token>` +
  '<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>';

/** The `version` events of a live stream (the web's sessions feed, decision 007), as they come. */
async function openVersions(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const versions: number[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (message.includes('event: version') && data) versions.push(JSON.parse(data).version);
        }
      }
    } catch {
      // closed by the test
    }
  })();
  const until = async (count: number, timeoutMs: number) => {
    const started = Date.now();
    while (versions.length < count) {
      if (Date.now() - started > timeoutMs) throw new Error(`${versions.length} events only`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return versions;
  };
  return { status: response.status, until, close: () => controller.abort() };
}

/** Every row but the tokens': a refused request still signs in, and records its token's use. */
async function rowsOtherThanTokens(t: TestApp) {
  const rows = await rowsSnapshotter(t);
  return async () => {
    const { personal_tokens: _used, ...others } = await rows();
    return others;
  };
}

/** Issue 32's CalDAV writes beyond the routes test: days, reopening, multiget, live, limits. */
describe.each(testDialects)('CalDAV writes (%s)', (dialect) => {
  let t: TestApp;
  let ada: CalendarUser;
  beforeEach(async () => {
    t = await createTestApp(dialect, { env: { EVENTS_POLL_MS: '50' } });
    t.clock.set('2026-11-27T10:00:00.000Z');
    ada = await calendarUser(t, 'ada@example.com');
  });
  afterEach(() => t.close());

  const dav = (method: string, url: string, body?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: ada.basic,
        ...(body === undefined ? {} : { 'content-type': 'application/xml' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body }),
    });
  const put = (url: string, body: string, headers: Record<string, string> = {}) =>
    dav('PUT', url, body, { 'content-type': 'text/calendar', ...headers });
  const inboxTasks = async () =>
    ((await ada.api.workspace()) as WorkspaceResponse).tasks.map((task) => ({
      name: task.name,
      plannedFor: task.plannedFor,
      completed: task.completedAt !== null,
    }));

  it('plans the task for the day of DTSTART, and moves it when DTSTART moves', async () => {
    const url = '/dav/calendars/inbox/start.ics';
    const made = await put(url, todo('start', ['SUMMARY:Repot', 'DTSTART;VALUE=DATE:20261130']));
    expect(made.statusCode).toBe(201);
    expect(await inboxTasks()).toEqual([
      { name: 'Repot', plannedFor: '2026-11-30', completed: false },
    ]);
    await put(url, todo('start', ['SUMMARY:Repot', 'DTSTART;VALUE=DATE:20261202']));
    expect((await inboxTasks())[0]?.plannedFor).toBe('2026-12-02');
    expect((await dav('GET', url)).body).toContain('DTSTART;VALUE=DATE:20261202');
  });

  it('reopens a task a client turns from COMPLETED back to NEEDS-ACTION', async () => {
    const url = '/dav/calendars/inbox/reopen.ics';
    await put(url, todo('reopen', ['SUMMARY:Call Anna', 'STATUS:COMPLETED']));
    expect((await inboxTasks())[0]?.completed).toBe(true);
    const again = await put(url, todo('reopen', ['SUMMARY:Call Anna', 'STATUS:NEEDS-ACTION']));
    expect(again.statusCode).toBe(204);
    expect((await inboxTasks())[0]).toMatchObject({ name: 'Call Anna', completed: false });
    const read = (await dav('GET', url)).body;
    expect(read).toContain('STATUS:NEEDS-ACTION');
    expect(read).not.toContain('COMPLETED:');
  });

  it('answers a calendar-multiget for the named hrefs only, a missing one as 404', async () => {
    for (const uid of ['a', 'b', 'c']) {
      await put(`/dav/calendars/inbox/${uid}.ics`, todo(uid, [`SUMMARY:Task ${uid}`]));
    }
    const wanted = ['/dav/calendars/inbox/a.ics', '/dav/calendars/inbox/c.ics'];
    const missing = '/dav/calendars/inbox/nothing-here.ics';
    const answer = await dav('REPORT', '/dav/calendars/inbox/', MULTIGET([...wanted, missing]), {
      depth: '1',
    });
    expect(answer.statusCode).toBe(207);
    expect(answer.body.match(/<d:response>/g)).toHaveLength(3);
    expect([...answer.body.matchAll(/SUMMARY:([^\r\n]+)/g)].map((m) => m[1]).sort()).toEqual([
      'Task a',
      'Task c',
    ]);
    for (const href of wanted)
      expect(answer.body).toContain(`<d:href>${href}</d:href><d:propstat>`);
    expect(answer.body).toContain(`<d:href>${missing}</d:href><d:status>HTTP/1.1 404 Not Found`);
    const etagOfA = (await dav('GET', wanted[0]!)).headers.etag as string;
    expect(answer.body).toContain(`<d:getetag>${etagOfA}</d:getetag>`);
  });

  it('sends a live update to the web’s open stream when a client PUTs', async () => {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { ticket } = await ada.api.callOk('createEventTicket');
    const stream = await openVersions(
      `${origin}${endpointUrl(eventsApi.streamEvents, { query: { ticket } })}`,
    );
    try {
      expect(stream.status).toBe(200);
      const [initial] = await stream.until(1, 2_000);
      expect(
        (await put('/dav/calendars/inbox/live.ics', todo('live', ['SUMMARY:Live']))).statusCode,
      ).toBe(201);
      const versions = await stream.until(2, 2_000);
      expect(versions.at(-1)).toBeGreaterThan(initial!);
    } finally {
      stream.close();
    }
  });

  it('refuses a PUT past the list’s task limit with a clear error, and changes nothing', async () => {
    await insertTasks(t.database.db, ada.api.workspaceId, 5_000);
    const snapshot = await rowsOtherThanTokens(t);
    const before = await snapshot();
    const refused = await put(
      '/dav/calendars/inbox/one-more.ics',
      todo('one-more', ['SUMMARY:One more']),
    );
    expect(refused.statusCode).toBe(507);
    expect(refused.body).toContain('quota-not-exceeded');
    expect(refused.body).toContain('at most 5000 tasks');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a REPORT body over its limit with a 413, and changes nothing', async () => {
    await put('/dav/calendars/inbox/a.ics', todo('a', ['SUMMARY:Kept']));
    const snapshot = await rowsOtherThanTokens(t);
    const before = await snapshot();
    const hrefs = Array.from({ length: 120_000 }, (_, i) => `/dav/calendars/inbox/x${i}.ics`);
    const body = MULTIGET(hrefs);
    expect(Buffer.byteLength(body)).toBeGreaterThan(4 * 1024 * 1024);
    const refused = await dav('REPORT', '/dav/calendars/inbox/', body, { depth: '1' });
    expect(refused.statusCode).toBe(413);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a task a client moves by DELETE on the old list and PUT on the new one', async () => {
    const { projectId: garden } = await ada.api.callOk('createProject', {
      body: { workspaceId: ada.api.workspaceId, name: 'Garden' },
    });
    const homes = () =>
      t.database.db.selectFrom('tasks').select(['id', 'name', 'project_id']).execute();
    const oldUrl = '/dav/calendars/inbox/tulips.ics';
    await put(oldUrl, todo('tulips', ['SUMMARY:Plant tulips', 'PRIORITY:2']));
    const [made] = await homes();
    const synced = await dav('REPORT', '/dav/calendars/inbox/', SYNC(''));
    const syncToken = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(synced.body)![1]!;

    expect((await dav('DELETE', oldUrl)).statusCode).toBe(204);
    expect(await homes()).toEqual([]);
    const newUrl = `/dav/calendars/${garden}/uploaded.ics`;
    const moved = await put(newUrl, todo('tulips', ['SUMMARY:Plant tulips', 'PRIORITY:2']), {
      'if-none-match': '*',
    });
    expect(moved.statusCode).toBe(201);
    expect(await homes()).toEqual([{ id: made!.id, name: 'Plant tulips', project_id: garden }]);
    expect((await dav('GET', newUrl)).body).toContain('PRIORITY:2');
    expect((await dav('GET', oldUrl)).statusCode).toBe(404);
    // The delete's undo brought it back: it is spent, and the web's undo of it changes nothing.
    const [entry] = await t.database.db
      .selectFrom('undo_entries')
      .select(['id', 'undone_at'])
      .where('kind', '=', 'deleteTask')
      .execute();
    expect(entry?.undone_at).not.toBeNull();
    // The list it left names it gone.
    const left = await dav('REPORT', '/dav/calendars/inbox/', SYNC(syncToken));
    expect(left.body).toContain(`<d:href>${oldUrl}</d:href><d:status>HTTP/1.1 404 Not Found`);
    expect(left.body).not.toContain('uploaded.ics</d:href><d:propstat>');

    // Deleted and written again under a new name of the same list: the same task.
    expect((await dav('DELETE', newUrl)).statusCode).toBe(204);
    const renamedUrl = `/dav/calendars/${garden}/renamed.ics`;
    expect((await put(renamedUrl, todo('tulips', ['SUMMARY:Plant tulips']))).statusCode).toBe(201);
    expect(await homes()).toEqual([{ id: made!.id, name: 'Plant tulips', project_id: garden }]);
    expect((await dav('GET', newUrl)).statusCode).toBe(404);
  });

  it('makes a new task for a deleted one’s UID once the delete can no longer be undone', async () => {
    const url = '/dav/calendars/inbox/late.ics';
    await put(url, todo('late', ['SUMMARY:Late']));
    const [made] = await t.database.db.selectFrom('tasks').select('id').execute();
    expect((await dav('DELETE', url)).statusCode).toBe(204);
    t.clock.set('2026-11-27T10:11:00.000Z');
    expect((await put(url, todo('late', ['SUMMARY:Late']))).statusCode).toBe(201);
    const now = await t.database.db.selectFrom('tasks').select('id').execute();
    expect(now).toHaveLength(1);
    expect(now[0]!.id).not.toBe(made!.id);
  });
});
