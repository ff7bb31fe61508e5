import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { PYTHON_CALDAV_DISCOVER, runClient } from '../../testing/calendar-clients.ts';
import { calendarUser, type CalendarUser } from './caldav-testing.ts';

/**
 * Debian's python3-caldav (a client library no one here wrote) discovers Hustle's task lists
 * from the server's address alone (RFC 6764) and queries them.
 */
/** python3-caldav's own time-range search (`search(todo=True, start=, end=)`), as the server answers it. */
const SEARCH = `
import sys, json, datetime, caldav
client = caldav.DAVClient(url=sys.argv[1], username=sys.argv[2], password=sys.argv[3])
calendar = client.principal().calendars()[0]
utc = datetime.timezone.utc
found = calendar.search(todo=True, include_completed=True,
    start=datetime.datetime(2026, 12, 6, tzinfo=utc), end=datetime.datetime(2026, 12, 12, tzinfo=utc))
print(json.dumps(sorted(str(t.vobject_instance.vtodo.summary.value) for t in found)))
`;

/**
 * A task moved between lists the way some clients do it: read from the inbox, DELETE there, then
 * saved to the other list (a PUT of a new href). Prints the lists' task summaries after.
 */
const MOVE_BY_DELETE = `
import sys, json, caldav
client = caldav.DAVClient(url=sys.argv[1], username=sys.argv[2], password=sys.argv[3])
lists = {calendar.name: calendar for calendar in client.principal().calendars()}
todo = lists["Inbox"].todos()[0]
data = todo.data
todo.delete()
lists["Garden"].save_todo(data)
print(json.dumps({name: [str(t.vobject_instance.vtodo.summary.value) for t in calendar.todos()]
    for name, calendar in lists.items()}))
`;

describe.each(testDialects)('python3-caldav against the CalDAV server (%s)', (dialect) => {
  let t: TestApp;
  let ada: CalendarUser;
  let origin: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    t.clock.set('2026-11-27T10:00:00.000Z');
    ada = await calendarUser(t, 'ada@example.com');
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    await t.close();
  });

  it('discovers the inbox and each project as task lists and queries their tasks', async () => {
    const { api } = ada;
    const { projectId: garden } = await api.callOk('createProject', {
      body: { workspaceId: api.workspaceId, name: 'Garden' },
    });
    await api.callOk('createTask', {
      body: { workspaceId: api.workspaceId, projectId: null, name: 'Call Anna' },
    });
    const { id: done } = await api.callOk('createTask', {
      body: { workspaceId: api.workspaceId, projectId: null, name: 'Pay rent' },
    });
    await api.callOk('taskAction', {
      params: { id: done, action: 'complete' },
      body: { workspaceId: api.workspaceId, projectId: null, origin: 'workspace' },
    });
    await api.callOk('createTask', {
      body: { workspaceId: api.workspaceId, projectId: garden, name: 'Plant tulips' },
    });

    const out = await runClient('/usr/bin/python3', [
      '-c',
      PYTHON_CALDAV_DISCOVER,
      `${origin}/.well-known/caldav`,
      ada.email,
      ada.secret,
    ]);
    expect(JSON.parse(out)).toEqual([
      { name: 'Inbox', todos: ['Call Anna', 'Pay rent'], open: ['Call Anna'] },
      { name: 'Garden', todos: ['Plant tulips'], open: ['Plant tulips'] },
    ]);
  });

  it('finds by a time range exactly the tasks whose days overlap it', async () => {
    const { api } = ada;
    const on = { workspaceId: api.workspaceId, projectId: null };
    const { id: due } = await api.callOk('createTask', { body: { ...on, name: 'Due Dec 10' } });
    await api.callOk('setTaskDeadline', {
      params: { id: due },
      body: { ...on, deadline: '2026-12-10' },
    });
    const { id: planned } = await api.callOk('createTask', {
      body: { ...on, name: 'Planned Nov 30' },
    });
    await api.callOk('planTaskForDay', {
      params: { id: planned },
      body: { ...on, origin: 'workspace', day: '2026-11-30' },
    });
    const { id: later } = await api.callOk('createTask', { body: { ...on, name: 'Due Dec 20' } });
    await api.callOk('setTaskDeadline', {
      params: { id: later },
      body: { ...on, deadline: '2026-12-20' },
    });

    const out = await runClient('/usr/bin/python3', [
      '-c',
      SEARCH,
      `${origin}/.well-known/caldav`,
      ada.email,
      ada.secret,
    ]);
    expect(JSON.parse(out)).toEqual(['Due Dec 10']);
  });

  it('keeps the task it moves to another list by deleting it and saving it there', async () => {
    const { api } = ada;
    const { projectId: garden } = await api.callOk('createProject', {
      body: { workspaceId: api.workspaceId, name: 'Garden' },
    });
    const { id } = await api.callOk('createTask', {
      body: { workspaceId: api.workspaceId, projectId: null, name: 'Plant tulips' },
    });
    const out = await runClient('/usr/bin/python3', [
      '-c',
      MOVE_BY_DELETE,
      `${origin}/.well-known/caldav`,
      ada.email,
      ada.secret,
    ]);
    expect(JSON.parse(out)).toEqual({ Inbox: [], Garden: ['Plant tulips'] });
    const tasks = await t.database.db.selectFrom('tasks').select(['id', 'project_id']).execute();
    expect(tasks).toEqual([{ id, project_id: garden }]);
  });
});
