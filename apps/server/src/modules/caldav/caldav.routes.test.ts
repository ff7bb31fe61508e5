import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { calendarUser, type CalendarUser } from './caldav-testing.ts';

const TODO = (fields: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test client//EN',
    'BEGIN:VTODO',
    'UID:client-uid-1',
    'DTSTAMP:20261127T100000Z',
    ...fields,
    'END:VTODO',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

const SYNC = (token: string) =>
  `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token>` +
  '<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>';

describe.each(testDialects)('the CalDAV server (%s)', (dialect) => {
  let t: TestApp;
  let ada: CalendarUser;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set('2026-11-27T10:00:00.000Z');
    ada = await calendarUser(t, 'ada@example.com');
  });
  afterEach(() => t.close());

  const dav = (
    method: string,
    url: string,
    body?: string,
    headers: Record<string, string> = {},
    user: CalendarUser = ada,
  ) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        authorization: user.basic,
        ...(body === undefined ? {} : { 'content-type': 'application/xml' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body }),
    });
  const put = (url: string, body: string, headers: Record<string, string> = {}) =>
    dav('PUT', url, body, { 'content-type': 'text/calendar', ...headers });
  const tasks = () =>
    t.database.db
      .selectFrom('tasks')
      .select(['id', 'name', 'notes', 'deadline', 'completed_at'])
      .orderBy('name')
      .execute();

  it('points the well-known address at the context path, and asks a stranger to sign in', async () => {
    const known = await t.app.inject({ method: 'PROPFIND', url: '/.well-known/caldav' });
    expect(known.statusCode).toBe(301);
    expect(known.headers.location).toBe('/dav/');
    const anonymous = await t.app.inject({ method: 'PROPFIND', url: '/dav/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm="Hustle"/);
    const wrongUser = `Basic ${Buffer.from(`bob@example.com:${ada.secret}`).toString('base64')}`;
    expect(
      (await dav('PROPFIND', '/dav/', undefined, { authorization: wrongUser })).statusCode,
    ).toBe(401);
    const { secret } = await ada.api.callOk('createToken', {
      body: { name: 'Reader', scopes: ['read'] },
    });
    const readOnly = `Basic ${Buffer.from(`ada@example.com:${secret}`).toString('base64')}`;
    expect(
      (await dav('PROPFIND', '/dav/', undefined, { authorization: readOnly })).statusCode,
    ).toBe(403);
  });

  it('names in Allow what each address serves, and answers OPTIONS unsigned', async () => {
    const allowOf = async (url: string) => {
      const answer = await t.app.inject({ method: 'OPTIONS', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers.dav, url).toContain('calendar-access');
      return String(answer.headers.allow).split(', ').sort();
    };
    expect(await allowOf('/dav/')).toEqual(['OPTIONS', 'PROPFIND']);
    expect(await allowOf('/dav/principal/')).toEqual(['OPTIONS', 'PROPFIND']);
    expect(await allowOf('/dav/calendars/')).toEqual(['OPTIONS', 'PROPFIND']);
    expect(await allowOf('/dav/calendars/inbox/')).toEqual([
      'OPTIONS',
      'PROPFIND',
      'PROPPATCH',
      'REPORT',
    ]);
    expect(await allowOf('/dav/calendars/inbox/some-task.ics')).toEqual([
      'DELETE',
      'GET',
      'HEAD',
      'OPTIONS',
      'PROPFIND',
      'PUT',
    ]);
  });

  it('makes, changes and deletes a task by PUT and DELETE, with ETags and If-Match', async () => {
    const url = '/dav/calendars/inbox/client-uid-1.ics';
    const made = await put(
      url,
      TODO([
        'SUMMARY:Buy milk',
        'DESCRIPTION:Oat\\, two litres',
        'DUE;VALUE=DATE:20261203',
        'PRIORITY:1',
        'X-CLIENT-THING:kept',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Milk',
        'TRIGGER:-PT15M',
        'END:VALARM',
      ]),
      { 'if-none-match': '*' },
    );
    expect(made.statusCode).toBe(201);
    const [task] = await tasks();
    expect(task).toMatchObject({
      name: 'Buy milk',
      notes: 'Oat, two litres',
      deadline: '2026-12-03',
      completed_at: null,
    });
    const read = await dav('GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain('UID:client-uid-1');
    expect(read.body).toContain('X-CLIENT-THING:kept');
    expect(read.body).toContain('PRIORITY:1');
    expect(read.body).toContain('TRIGGER:-PT15M');
    expect(read.body).toContain('STATUS:NEEDS-ACTION');
    const etag = read.headers.etag as string;
    expect((await put(url, TODO(['SUMMARY:Again']), { 'if-none-match': '*' })).statusCode).toBe(
      412,
    );

    // Renamed in the app: the client's old tag no longer matches, and its write changes nothing.
    await ada.api.callOk('renameTask', {
      params: { id: task!.id },
      body: { workspaceId: ada.api.workspaceId, projectId: null, name: 'Buy oat milk' },
    });
    const stale = await put(url, TODO(['SUMMARY:Buy soy milk']), { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect((await tasks())[0]?.name).toBe('Buy oat milk');

    const fresh = (await dav('GET', url)).headers.etag as string;
    const done = await put(
      url,
      TODO([
        'SUMMARY:Buy oat milk',
        'STATUS:COMPLETED',
        'COMPLETED:20261127T110000Z',
        'PRIORITY:1',
      ]),
      { 'if-match': fresh },
    );
    expect(done.statusCode).toBe(204);
    expect((await tasks())[0]).toMatchObject({ notes: '', deadline: null });
    expect((await tasks())[0]?.completed_at).not.toBeNull();
    expect((await dav('GET', url)).body).toContain('STATUS:COMPLETED');

    expect((await dav('DELETE', url, undefined, { 'if-match': '"stale"' })).statusCode).toBe(412);
    expect(await tasks()).toHaveLength(1);
    expect((await dav('DELETE', url)).statusCode).toBe(204);
    expect(await tasks()).toHaveLength(0);
    expect((await dav('GET', url)).statusCode).toBe(404);
  });

  it('moves a task written to another list by its UID, the same task and not a copy', async () => {
    const { projectId: garden } = await ada.api.callOk('createProject', {
      body: { workspaceId: ada.api.workspaceId, name: 'Garden' },
    });
    const projectTasks = () =>
      t.database.db.selectFrom('tasks').select(['id', 'project_id']).orderBy('name').execute();
    const inboxUrl = '/dav/calendars/inbox/client-uid-1.ics';
    expect((await put(inboxUrl, TODO(['SUMMARY:Plant tulips', 'PRIORITY:2']))).statusCode).toBe(
      201,
    );
    const [made] = await projectTasks();
    const synced = await dav('REPORT', '/dav/calendars/inbox/', SYNC(''));
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(synced.body)![1]!;

    // Under a name of its own in the new list, as vdirsyncer uploads it.
    const newUrl = `/dav/calendars/${garden}/uploaded-2.ics`;
    const moved = await put(newUrl, TODO(['SUMMARY:Plant tulips', 'PRIORITY:2']), {
      'if-none-match': '*',
    });
    expect(moved.statusCode).toBe(201);
    expect(await projectTasks()).toEqual([{ id: made!.id, project_id: garden }]);
    // The app's move command ran: its undo entry is the app's own.
    const moves = await t.database.db
      .selectFrom('undo_entries')
      .select(['kind', 'workspace_id'])
      .where('kind', '=', 'moveTaskToProject')
      .execute();
    expect(moves).toEqual([{ kind: 'moveTaskToProject', workspace_id: ada.api.workspaceId }]);
    const byMove = await dav('MOVE', newUrl, undefined, {
      destination: inboxUrl,
    });
    expect(byMove.statusCode).toBe(405);
    expect(byMove.headers.allow).toContain('PUT');
    expect((await dav('GET', inboxUrl)).statusCode).toBe(404);
    const there = await dav('GET', newUrl);
    expect(there.body).toContain('PRIORITY:2');
    // The list it left names it gone under the name it had there, not its new one.
    const left = await dav('REPORT', '/dav/calendars/inbox/', SYNC(token));
    expect(left.body).toContain(`<d:href>${inboxUrl}</d:href><d:status>HTTP/1.1 404 Not Found`);
    // Its new name may be named gone too (the app may move it back and away), never present.
    expect(left.body).not.toContain('uploaded-2.ics</d:href><d:propstat>');
    // The client then deletes it from the list it left: gone there already, and kept.
    expect((await dav('DELETE', inboxUrl, undefined, { 'if-match': '"old"' })).statusCode).toBe(
      204,
    );
    expect(await projectTasks()).toEqual([{ id: made!.id, project_id: garden }]);

    // Moved back and away again in the app: the list knew it by its new name meanwhile.
    const appMove = (projectId: string | null, toProjectId: string | null) =>
      ada.api.callOk('moveTaskToProject', {
        params: { id: made!.id },
        body: { workspaceId: ada.api.workspaceId, projectId, toProjectId },
      });
    await appMove(garden, null);
    const tokenOf = (body: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)![1]!;
    const backHome = await dav('REPORT', '/dav/calendars/inbox/', SYNC(tokenOf(left.body)));
    expect(backHome.body).toContain(
      '<d:href>/dav/calendars/inbox/uploaded-2.ics</d:href><d:propstat>',
    );
    await appMove(null, garden);
    const awayAgain = await dav('REPORT', '/dav/calendars/inbox/', SYNC(tokenOf(backHome.body)));
    expect(awayAgain.body).toContain(
      '<d:href>/dav/calendars/inbox/uploaded-2.ics</d:href><d:status>HTTP/1.1 404 Not Found',
    );

    // A task Hustle made, moved back under the name and UID Hustle gave it.
    const { id: shed } = await ada.api.callOk('createTask', {
      body: { workspaceId: ada.api.workspaceId, projectId: garden, name: 'Paint the shed' },
    });
    const served = (await dav('GET', `/dav/calendars/${garden}/${shed}.ics`)).body;
    const uid = /UID:(.+)\r\n/.exec(served)![1]!;
    const back = await put(
      `/dav/calendars/inbox/${shed}.ics`,
      TODO(['SUMMARY:Paint the shed']).replace('UID:client-uid-1', `UID:${uid}`),
    );
    expect(back.statusCode).toBe(201);
    expect(await projectTasks()).toEqual([
      { id: shed, project_id: null },
      { id: made!.id, project_id: garden },
    ]);
  });

  it('renames and recolours a project by PROPPATCH, all the properties or none', async () => {
    const { projectId } = await ada.api.callOk('createProject', {
      body: { workspaceId: ada.api.workspaceId, name: 'Garden' },
    });
    const project = () =>
      t.database.db
        .selectFrom('projects')
        .select(['name', 'color'])
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
    const before = await project();
    const patch = (url: string, ...props: string[]) =>
      dav(
        'PROPPATCH',
        url,
        '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:x="http://apple.com/ns/ical/"' +
          ' xmlns:o="urn:example:other">' +
          props.join('') +
          '</d:propertyupdate>',
      );
    const set = (prop: string) => `<d:set><d:prop>${prop}</d:prop></d:set>`;
    const list = `/dav/calendars/${projectId}/`;
    const statusOf = (body: string, prop: string) =>
      new RegExp(`<${prop}[^>]*/>(?:<[^>]*/>)*</d:prop><d:status>HTTP/1.1 (\\d+)`).exec(body)?.[1];

    const refused = await patch(
      list,
      set('<d:displayname>Orchard</d:displayname>'),
      set('<o:mood>sunny</o:mood>'),
    );
    expect(refused.statusCode).toBe(207);
    expect(statusOf(refused.body, 'd:displayname')).toBe('424');
    expect(refused.body).toMatch(/mood[^>]*\/><\/d:prop><d:status>HTTP\/1.1 403 Forbidden/);
    const badColour = await patch(
      list,
      set('<d:displayname>Orchard</d:displayname>'),
      set('<x:calendar-color>red</x:calendar-color>'),
    );
    expect(statusOf(badColour.body, 'x1:calendar-color')).toBe('409');
    expect(statusOf(badColour.body, 'd:displayname')).toBe('424');
    expect(await project()).toEqual(before);

    const done = await patch(
      list,
      set('<d:displayname>Orchard</d:displayname>'),
      set('<x:calendar-color>#FF8800FF</x:calendar-color>'),
    );
    expect(statusOf(done.body, 'd:displayname')).toBe('200');
    expect(await project()).toEqual({ name: 'Orchard', color: '#ff8800' });
    const read = await dav('PROPFIND', list, undefined, { depth: '0' });
    expect(read.body).toContain('Orchard');

    const inbox = await patch('/dav/calendars/inbox/', set('<d:displayname>Mine</d:displayname>'));
    expect(statusOf(inbox.body, 'd:displayname')).toBe('403');
    const removed = await patch(list, '<d:remove><d:prop><d:displayname/></d:prop></d:remove>');
    expect(statusOf(removed.body, 'd:displayname')).toBe('403');
    expect((await patch(list)).statusCode).toBe(400);
    expect(await project()).toEqual({ name: 'Orchard', color: '#ff8800' });
  });

  it('answers a time-range query on tasks exactly, by RFC 4791’s table for VTODO', async () => {
    const make = (uid: string, fields: string[]) =>
      put(`/dav/calendars/inbox/${uid}.ics`, TODO(fields).replace('client-uid-1', uid));
    expect(
      (await make('a', ['SUMMARY:Starts Nov 30', 'DTSTART;VALUE=DATE:20261130'])).statusCode,
    ).toBe(201);
    await make('b', ['SUMMARY:Due Dec 10', 'DUE;VALUE=DATE:20261210']);
    await make('c', [
      'SUMMARY:Dec 1 to Dec 5',
      'DTSTART;VALUE=DATE:20261201',
      'DUE;VALUE=DATE:20261205',
    ]);
    await make('d', ['SUMMARY:No dates']);
    const warsaw = TODO([
      'SUMMARY:Half past midnight in Warsaw',
      'DTSTART;TZID=Europe/Warsaw:20261202T003000',
    ])
      .replace('client-uid-1', 'e')
      .replace(
        'BEGIN:VTODO',
        [
          'BEGIN:VTIMEZONE',
          'TZID:Europe/Warsaw',
          'BEGIN:STANDARD',
          'DTSTART:19701025T030000',
          'TZOFFSETFROM:+0200',
          'TZOFFSETTO:+0100',
          'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
          'END:STANDARD',
          'BEGIN:DAYLIGHT',
          'DTSTART:19700329T020000',
          'TZOFFSETFROM:+0100',
          'TZOFFSETTO:+0200',
          'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
          'END:DAYLIGHT',
          'END:VTIMEZONE',
          'BEGIN:VTODO',
        ].join('\r\n'),
      );
    expect((await put('/dav/calendars/inbox/e.ics', warsaw)).statusCode).toBe(201);

    const query = async (range: string) => {
      const answer = await dav(
        'REPORT',
        '/dav/calendars/inbox/',
        '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">' +
          '<d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR">' +
          `<c:comp-filter name="VTODO">${range}</c:comp-filter></c:comp-filter></c:filter>` +
          '</c:calendar-query>',
        { depth: '1' },
      );
      return {
        status: answer.statusCode,
        names: [...answer.body.matchAll(/SUMMARY:([^\r\n]+)/g)].map((m) => m[1]).sort(),
      };
    };
    // No dates: CREATED (the day it was made, Nov 27) decides.
    expect(await query('<c:time-range start="20261201T000000Z" end="20261202T000000Z"/>')).toEqual({
      status: 207,
      names: ['Dec 1 to Dec 5', 'Half past midnight in Warsaw', 'No dates'],
    });
    expect(await query('<c:time-range start="20261206T000000Z"/>')).toEqual({
      status: 207,
      names: ['Due Dec 10', 'No dates'],
    });
    expect(await query('<c:time-range end="20261127T000000Z"/>')).toEqual({
      status: 207,
      names: [],
    });
    expect((await query('<c:time-range start="tomorrow"/>')).status).toBe(400);
    // Days and hours that do not exist are refused, not rolled over into the next ones.
    for (const start of ['20261399T000000Z', '20260230T000000Z', '20261201T240000Z']) {
      expect((await query(`<c:time-range start="${start}"/>`)).status, start).toBe(400);
    }
  });

  it('records a DELETE as the app’s delete does, and its undo brings the task back by its name', async () => {
    const url = '/dav/calendars/inbox/client-uid-1.ics';
    await put(url, TODO(['SUMMARY:Call Anna', 'PRIORITY:3']));
    expect((await dav('DELETE', url)).statusCode).toBe(204);
    const [entry] = await t.database.db
      .selectFrom('undo_entries')
      .select(['id', 'kind', 'workspace_id'])
      .execute();
    expect(entry).toMatchObject({ kind: 'deleteTask', workspace_id: ada.api.workspaceId });

    await ada.api.callOk('undo', { params: { token: entry!.id } });
    const back = await dav('GET', url);
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('UID:client-uid-1');
    expect(back.body).toContain('PRIORITY:3');
  });

  it('answers a sync token with the one task that changed, and names one deleted', async () => {
    const { api } = ada;
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      ids.push(
        (await api.callOk('createTask', { body: { workspaceId: api.workspaceId, name } })).id,
      );
    }
    const first = await dav('REPORT', '/dav/calendars/inbox/', SYNC(''));
    expect(first.statusCode).toBe(207);
    expect(first.body.match(/<d:response>/g)).toHaveLength(3);
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(first.body)![1]!;

    await api.callOk('renameTask', {
      params: { id: ids[1]! },
      body: { workspaceId: api.workspaceId, projectId: null, name: 'Two, renamed' },
    });
    const second = await dav('REPORT', '/dav/calendars/inbox/', SYNC(token));
    expect(second.body.match(/<d:response>/g)).toHaveLength(1);
    expect(second.body).toContain(`/dav/calendars/inbox/${ids[1]}.ics`);

    const next = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(second.body)![1]!;
    await api.callOk('deleteTask', {
      params: { id: ids[0]! },
      body: { workspaceId: api.workspaceId, projectId: null, origin: 'workspace' },
    });
    const third = await dav('REPORT', '/dav/calendars/inbox/', SYNC(next));
    expect(third.body).toContain(`/dav/calendars/inbox/${ids[0]}.ics</d:href>`);
    expect(third.body).toContain('404 Not Found');

    const unknown = await dav('REPORT', '/dav/calendars/inbox/', SYNC('https://elsewhere/1'));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.body).toContain('valid-sync-token');
  });

  it('shows a shared project to its member as a list, and nobody else’s lists', async () => {
    const { projectId } = await ada.api.callOk('createProject', {
      body: { workspaceId: ada.api.workspaceId, name: 'Home' },
    });
    const { id: shelf } = await ada.api.callOk('createTask', {
      body: { workspaceId: ada.api.workspaceId, projectId, name: 'Fix the shelf' },
    });
    const bob = await calendarUser(t, 'bob@example.com');
    const { inviteLink } = await ada.api.callOk('getInviteLink', { params: { projectId } });
    await bob.api.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace(/^.*\/invite\//, '') },
    });
    const home = await dav('PROPFIND', '/dav/calendars/', undefined, { depth: '1' }, bob);
    expect(home.body).toContain(`/dav/calendars/${projectId}/`);
    expect(home.body).toContain('Home');
    expect(home.body).toContain('calendar-color');

    const object = `/dav/calendars/${projectId}/${shelf}.ics`;
    const done = await t.app.inject({
      method: 'PUT',
      url: object,
      headers: { authorization: bob.basic, 'content-type': 'text/calendar' },
      payload: TODO(['SUMMARY:Fix the shelf', 'STATUS:COMPLETED']),
    });
    expect(done.statusCode).toBe(204);
    expect((await tasks())[0]?.completed_at).not.toBeNull();

    const eve = await calendarUser(t, 'eve@example.com');
    expect(
      (await dav('PROPFIND', `/dav/calendars/${projectId}/`, undefined, {}, eve)).statusCode,
    ).toBe(404);
    expect((await dav('GET', object, undefined, {}, eve)).statusCode).toBe(404);
  });

  it('refuses a new name for a UID the list has, though another of its lists has it too', async () => {
    const { projectId } = await ada.api.callOk('createProject', {
      body: { workspaceId: ada.api.workspaceId, name: 'Home' },
    });
    const bob = await calendarUser(t, 'bob@example.com');
    const { inviteLink } = await ada.api.callOk('getInviteLink', { params: { projectId } });
    await bob.api.callOk('joinInvite', {
      params: { inviteToken: inviteLink.replace(/^.*\/invite\//, '') },
    });
    expect((await put('/dav/calendars/inbox/a.ics', TODO(['SUMMARY:Ada’s']))).statusCode).toBe(201);
    // Bob's apps know nothing of Ada's inbox: the same UID is a new task of the shared project.
    const bobs = await t.app.inject({
      method: 'PUT',
      url: `/dav/calendars/${projectId}/b.ics`,
      headers: { authorization: bob.basic, 'content-type': 'text/calendar' },
      payload: TODO(['SUMMARY:Bob’s']),
    });
    expect(bobs.statusCode).toBe(201);
    const homes = () =>
      t.database.db.selectFrom('tasks').select(['name', 'project_id']).orderBy('name').execute();
    const before = await homes();
    expect(before).toEqual([
      { name: 'Ada’s', project_id: null },
      { name: 'Bob’s', project_id: projectId },
    ]);

    const again = await put('/dav/calendars/inbox/c.ics', TODO(['SUMMARY:Bob’s']));
    expect(again.statusCode).toBe(409);
    expect(await homes()).toEqual(before);
  });

  it('refuses hostile bodies with a 400 or 413 that changes nothing', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>' +
      '<d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&lol2;</d:displayname></d:prop></d:propfind>';
    expect((await dav('PROPFIND', '/dav/calendars/', bomb)).statusCode).toBe(400);
    expect(
      (await dav('PROPFIND', '/dav/calendars/', '<d:propfind xmlns:d="DAV:">')).statusCode,
    ).toBe(400);
    expect((await dav('REPORT', '/dav/calendars/inbox/', '<nothing/>')).statusCode).toBe(403);
    const url = '/dav/calendars/inbox/x.ics';
    expect((await put(url, 'BEGIN:VCALENDAR\r\nthis is not')).statusCode).toBe(400);
    expect(
      (
        await put(
          url,
          'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
        )
      ).statusCode,
    ).toBe(400);
    expect((await put(url, TODO([`SUMMARY:${'x'.repeat(300_000)}`]))).statusCode).toBe(413);
    expect((await put(url, TODO(['SUMMARY:Fine', 'DUE;VALUE=DATE:19000101']))).statusCode).toBe(
      400,
    );
    expect(await tasks()).toEqual([]);
  });

  it('erases what a client wrote with the account that wrote it', async () => {
    const made = await put('/dav/calendars/inbox/gone.ics', TODO(['SUMMARY:Private']));
    expect(made.statusCode).toBe(201);
    const kept = () => t.database.db.selectFrom('caldav_objects').select('task_id').execute();
    expect(await kept()).toHaveLength(1);
    await ada.api.callOk('deleteAccount', { body: { email: 'ada@example.com' } });
    expect(await kept()).toEqual([]);
  });
});
