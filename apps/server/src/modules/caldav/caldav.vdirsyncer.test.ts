import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { runClient, vdirsyncerAndTodoman } from '../../testing/calendar-clients.ts';
import { calendarUser, type CalendarUser } from './caldav-testing.ts';

/**
 * Debian's vdirsyncer syncs Hustle's lists into a folder that Debian's todoman reads and
 * writes: clients no one here wrote, end to end (issue 32).
 */
// Each test runs vdirsyncer and todoman a dozen times, a Python start-up each: a few seconds
// alone, and well over the default limit beside the rest of the suite on two cores.
describe.each(testDialects)(
  'vdirsyncer and todoman against the CalDAV server (%s)',
  { timeout: 90_000 },
  (dialect) => {
    let t: TestApp;
    let ada: CalendarUser;
    let dir: string;
    let clients: ReturnType<typeof vdirsyncerAndTodoman>;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      t.clock.set('2026-11-27T10:00:00.000Z');
      ada = await calendarUser(t, 'ada@example.com');
      const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
      dir = mkdtempSync(path.join(os.tmpdir(), 'hustle-vdirsyncer-'));
      clients = vdirsyncerAndTodoman(dir, origin, ada);
    });
    afterEach(async () => {
      rmSync(dir, { recursive: true, force: true });
      await t.close();
    });

    const sync = () => clients.sync();
    const todo = (...args: string[]) => clients.todo(...args);
    const todoman = (...args: string[]) => clients.todoman(...args);
    const inbox = async () =>
      (
        await t.database.db
          .selectFrom('tasks')
          .select(['id', 'name', 'completed_at'])
          .where('workspace_id', '=', ada.api.workspaceId)
          .where('project_id', 'is', null)
          .orderBy('name')
          .execute()
      ).map((task) => ({ name: task.name, done: task.completed_at !== null, id: task.id }));

    it('brings a task made in todoman to Hustle, and one completed in Hustle to todoman', async () => {
      const { api } = ada;
      const { id: water } = await api.callOk('createTask', {
        body: { workspaceId: api.workspaceId, projectId: null, name: 'Water the plants' },
      });
      await sync();
      expect((await todo('list')).map((task) => task.summary)).toEqual(['Water the plants']);

      await todoman('new', '-l', 'inbox', 'Buy milk');
      await sync();
      expect((await inbox()).map(({ name, done }) => ({ name, done }))).toEqual([
        { name: 'Buy milk', done: false },
        { name: 'Water the plants', done: false },
      ]);

      await api.callOk('taskAction', {
        params: { id: water, action: 'complete' },
        body: { workspaceId: api.workspaceId, projectId: null, origin: 'workspace' },
      });
      await sync();
      expect((await todo('list')).map((task) => task.summary)).toEqual(['Buy milk']);
      const all = await todo('list', '--status', 'ANY');
      expect(all.find((task) => task.summary === 'Water the plants')?.completed).toBe(true);

      // Completed in todoman: done in Hustle after a sync.
      const milk = all.find((task) => task.summary === 'Buy milk')!;
      await todoman('done', String(milk.id));
      await sync();
      expect((await inbox()).map(({ name, done }) => ({ name, done }))).toEqual([
        { name: 'Buy milk', done: true },
        { name: 'Water the plants', done: true },
      ]);
    });

    it('moves a task todoman moved to another list, keeping it the same task', async () => {
      const { api } = ada;
      const { projectId: garden } = await api.callOk('createProject', {
        body: { workspaceId: api.workspaceId, name: 'Garden' },
      });
      // vdirsyncer refuses to sync a list its side emptied (a safety of its own): one task stays.
      await api.callOk('createTask', {
        body: { workspaceId: api.workspaceId, projectId: null, name: 'Water the plants' },
      });
      await sync();
      await todoman('new', '-l', 'inbox', '--priority', 'high', 'Plant tulips');
      await sync();
      const [tulips] = await inbox();
      const listed = (await todo('list')).find((task) => task.summary === 'Plant tulips');
      await todoman('move', '-l', garden, String(listed!.id));
      // vdirsyncer syncs lists side by side, so the new list's upload and the old list's delete
      // come in either order. Syncing the new list first takes the upload-first path here (the
      // delete-first one is python3-caldav's, in its own test).
      await runClient('vdirsyncer', ['-c', clients.config, 'sync', `hustle/${garden}`]);
      await sync();
      const rows = await t.database.db
        .selectFrom('tasks')
        .select(['id', 'project_id'])
        .where('name', '=', 'Plant tulips')
        .execute();
      expect(rows).toEqual([{ id: tulips!.id, project_id: garden }]);
      const after = await todo('list');
      expect(after.map((task) => [task.summary, task.list]).sort()).toEqual([
        ['Plant tulips', garden],
        ['Water the plants', 'inbox'],
      ]);
    });

    it('keeps what todoman wrote that Hustle does not model, and settles an edit on both sides', async () => {
      await sync();
      await todoman('new', '-l', 'inbox', '--priority', 'high', 'Call Anna');
      await sync();
      const [anna] = await inbox();
      expect(anna?.name).toBe('Call Anna');

      // Renamed in Hustle: the priority todoman set survives the round trip.
      await ada.api.callOk('renameTask', {
        params: { id: anna!.id },
        body: { workspaceId: ada.api.workspaceId, projectId: null, name: 'Call Anna at 5' },
      });
      await sync();
      const [local] = readdirSync(path.join(dir, 'lists', 'inbox'));
      const object = readFileSync(path.join(dir, 'lists', 'inbox', local!), 'utf8');
      expect(object).toContain('SUMMARY:Call Anna at 5');
      expect(object).toMatch(/PRIORITY:[1-4]/);

      // Both sides change the task before the next sync: Hustle's change wins on both.
      await ada.api.callOk('renameTask', {
        params: { id: anna!.id },
        body: { workspaceId: ada.api.workspaceId, projectId: null, name: 'Call Anna tomorrow' },
      });
      const [listed] = await todo('list');
      await todoman('edit', String(listed!.id), '--due', '2026-12-05');
      await sync();
      const after = await todo('list');
      expect(after.map((task) => [task.summary, task.due])).toEqual([['Call Anna tomorrow', null]]);
      const [row] = await t.database.db.selectFrom('tasks').select(['name', 'deadline']).execute();
      expect(row).toEqual({ name: 'Call Anna tomorrow', deadline: null });
    });
  },
);
