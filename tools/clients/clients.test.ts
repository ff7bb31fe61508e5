import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  khalImportAndList,
  PYTHON_CALDAV_DISCOVER,
  runClient,
  vdirsyncerAndTodoman,
} from '@hustle/server/testing/calendar-clients';
import type { Endpoints, OperationName } from '@hustle/shared/api';
import type { EndpointInput } from '@hustle/shared/endpoint';
import { callOk } from '../cluster/http.ts';
import { dialects, startProductionServer, type ProductionServer } from './production-server.ts';

/**
 * Issue 32's real clients against what is deployed: the production build started as `npm start`
 * starts it (the API tests drive the same clients against the app inside the test process).
 * vdirsyncer with todoman and python3-caldav over CalDAV, khal reading a calendar feed.
 */
describe.each(dialects)('calendar clients against the production build on %s', (dialect) => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startProductionServer(dialect);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** A signed-in person with a token of the `calendar` scope, and a folder for their clients. */
  async function calendarPerson(name: string) {
    const email = `${name}@clients.example.com`;
    const session = await server.signIn(email);
    const { secret } = await callOk(
      session.route,
      'createToken',
      { body: { name: 'Calendar app', scopes: ['calendar'] } },
      session.token,
    );
    const dir = path.join(server.dir, name);
    fs.mkdirSync(dir);
    const call = <Name extends OperationName>(
      operation: Name,
      input: EndpointInput<Endpoints[Name]>,
    ) => callOk(session.route, operation, input, session.token);
    const inbox = { workspaceId: session.workspaceId, projectId: null };
    const inboxTasks = async () =>
      (await call('getWorkspace', { params: { id: session.workspaceId } })).tasks
        .map((task) => ({ name: task.name, done: task.done }))
        .sort((a, b) => a.name.localeCompare(b.name));
    return { email, secret, dir, call, inbox, inboxTasks };
  }

  it('syncs with vdirsyncer and todoman both ways: made in either, completed in either', async () => {
    const ada = await calendarPerson('ada');
    const clients = vdirsyncerAndTodoman(ada.dir, server.origin, ada);
    const { id: water } = await ada.call('createTask', {
      body: { ...ada.inbox, name: 'Water the plants' },
    });
    await clients.sync();
    expect((await clients.todo('list')).map((task) => task.summary)).toEqual(['Water the plants']);

    await clients.todoman('new', '-l', 'inbox', 'Buy milk');
    await clients.sync();
    expect(await ada.inboxTasks()).toEqual([
      { name: 'Buy milk', done: false },
      { name: 'Water the plants', done: false },
    ]);

    await ada.call('taskAction', {
      params: { id: water, action: 'complete' },
      body: { ...ada.inbox, origin: 'workspace' },
    });
    await clients.sync();
    const all = await clients.todo('list', '--status', 'ANY');
    expect(all.map((task) => [task.summary, task.completed]).sort()).toEqual([
      ['Buy milk', false],
      ['Water the plants', true],
    ]);

    await clients.todoman('done', String(all.find((task) => task.summary === 'Buy milk')!.id));
    await clients.sync();
    expect(await ada.inboxTasks()).toEqual([
      { name: 'Buy milk', done: true },
      { name: 'Water the plants', done: true },
    ]);
  });

  it('lets python3-caldav discover the inbox and each project as task lists', async () => {
    const bo = await calendarPerson('bo');
    const { projectId: garden } = await bo.call('createProject', {
      body: { workspaceId: bo.inbox.workspaceId, name: 'Garden' },
    });
    await bo.call('createTask', { body: { ...bo.inbox, name: 'Call Anna' } });
    await bo.call('createTask', {
      body: { ...bo.inbox, projectId: garden, name: 'Plant tulips' },
    });
    const out = await runClient('/usr/bin/python3', [
      ...['-c', PYTHON_CALDAV_DISCOVER],
      ...[`${server.origin}/.well-known/caldav`, bo.email, bo.secret],
    ]);
    expect(JSON.parse(out)).toEqual([
      { name: 'Inbox', todos: ['Call Anna'], open: ['Call Anna'] },
      { name: 'Garden', todos: ['Plant tulips'], open: ['Plant tulips'] },
    ]);
  });

  it("puts a task's planned day and deadline into khal from the account's feed", async () => {
    const cy = await calendarPerson('cy');
    const { id } = await cy.call('createTask', { body: { ...cy.inbox, name: 'Renew passport' } });
    await cy.call('planTaskForDay', {
      params: { id },
      body: { ...cy.inbox, origin: 'workspace', day: '2030-01-15' },
    });
    await cy.call('setTaskDeadline', {
      params: { id },
      body: { ...cy.inbox, deadline: '2030-01-20' },
    });
    const { url } = await cy.call('openCalendarFeed', { body: { projectId: null } });
    // The address the server gives out is the one it serves the feed on.
    expect(url.startsWith(`${server.origin}/`)).toBe(true);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    const listed = await khalImportAndList(cy.dir, await feed.text(), {
      from: '2030-01-01',
      to: '2030-02-01',
    });
    expect(listed.sort()).toEqual(['2030-01-15 Renew passport', '2030-01-20 Due: Renew passport']);
  });
});
