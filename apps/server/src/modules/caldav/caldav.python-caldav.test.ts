import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { calendarUser, runClient, type CalendarUser } from './caldav-testing.ts';

/**
 * Debian's python3-caldav (a client library no one here wrote) discovers Hustle's task lists
 * from the server's address alone (RFC 6764) and queries them.
 */
const DISCOVER = `
import sys, json, caldav
client = caldav.DAVClient(url=sys.argv[1], username=sys.argv[2], password=sys.argv[3])
principal = client.principal()
out = []
for calendar in principal.calendars():
    todos = calendar.todos(include_completed=True)
    open_todos = calendar.todos()
    out.append({
        "name": calendar.name,
        "todos": sorted(str(t.vobject_instance.vtodo.summary.value) for t in todos),
        "open": sorted(str(t.vobject_instance.vtodo.summary.value) for t in open_todos),
    })
print(json.dumps(out))
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
      DISCOVER,
      `${origin}/.well-known/caldav`,
      ada.email,
      ada.secret,
    ]);
    expect(JSON.parse(out)).toEqual([
      { name: 'Inbox', todos: ['Call Anna', 'Pay rent'], open: ['Call Anna'] },
      { name: 'Garden', todos: ['Plant tulips'], open: ['Plant tulips'] },
    ]);
  });
});
