import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSessionLookup } from './testing/kept-session.ts';
import { apiClientFor, type ApiClient } from './testing/api-client.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { insertTasks } from './testing/seed-tasks.ts';

/**
 * Issue 34: on PostgreSQL each statement is a round trip to the database, and a write request
 * waited on a dozen. Every statement sent is counted (Kysely's, and the plain-text ones a group
 * commit sends several of at once), so the counts below are the round trips each request makes;
 * they are pinned so that none creeps back.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('round trips per request on PostgreSQL', () => {
  let t: TestApp;
  let statements: string[];
  let counting = false;
  beforeEach(async () => {
    t = await createTestApp('postgres', {
      onQuery: (sql) => {
        if (counting) statements.push(sql);
      },
    });
  });
  afterEach(() => t.close());

  async function count(call: () => Promise<{ statusCode: number; body: string }>) {
    statements = [];
    counting = true;
    const res = await call().finally(() => {
      counting = false;
    });
    if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
    return [...statements];
  }

  async function account(): Promise<{
    api: ApiClient;
    home: string;
    idle: string;
    planned: string[];
  }> {
    const api = await apiClientFor(t.app, 'trips@example.com');
    const { projectId } = await api.callOk('createProject', {
      body: { workspaceId: api.workspaceId, name: 'Home' },
    });
    const tasks = await insertTasks(t.database.db, api.workspaceId, 40, {
      projectIds: [projectId],
      inProjects: 1,
      planned: (index) => index % 2 === 0,
      completed: () => false,
    });
    const idle = tasks.find((task) => !task.planned)!.id;
    return { api, home: projectId, idle, planned: tasks.filter((x) => x.planned).map((x) => x.id) };
  }

  /**
   * The session lookup and the version row are kept once the sessions feed and the version feed
   * listen (decisions 052, 081), soon after start: the small read then sends nothing on the pool.
   */
  async function feedsListening(api: ApiClient): Promise<void> {
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await count(() => api.call('getWorkspaceVersion'))).length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the small read is never kept');
  }

  it('makes as few round trips as pinned here, each command in one group transaction', async () => {
    const { api, home, idle, planned } = await account();
    const ws = { workspaceId: api.workspaceId };
    await feedsListening(api);
    const action = (id: string, name: 'plan' | 'idle' | 'complete' | 'revert') =>
      api.call('taskAction', {
        params: { id, action: name },
        body: { ...ws, projectId: home, origin: 'workspace' },
      });
    const trips = {
      'small read': await count(() => api.call('getWorkspaceVersion')),
      // Read twice: the second finds its answer kept under the entity tag it reads.
      'workspace read': await count(async () => {
        await api.call('getWorkspace', { params: { id: api.workspaceId } });
        statements = [];
        return api.call('getWorkspace', { params: { id: api.workspaceId } });
      }),
      'create task': await count(() =>
        api.call('createTask', { body: { ...ws, projectId: home, name: 'New', planned: true } }),
      ),
      plan: await count(() => action(idle, 'plan')),
      idle: await count(() => action(idle, 'idle')),
      complete: await count(() => action(planned[0]!, 'complete')),
      revert: await count(() => action(planned[0]!, 'revert')),
      reorder: await count(() =>
        api.call('reorderPlannedTask', {
          params: { id: planned[1]! },
          body: { ...ws, afterTaskId: planned[2]! },
        }),
      ),
    };
    for (const sent of Object.values(trips)) {
      expect(sent.filter(isSessionLookup).length).toBeLessThanOrEqual(1);
    }
    const counts = Object.fromEntries(
      Object.entries(trips).map(([name, sent]) => [
        name,
        sent.filter((text) => !isSessionLookup(text)).length,
      ]),
    );
    // A task's lookup brings its place on the Execute list; planning reads today's time zone and
    // the list's end together; a create reads its project and every workspace showing it together.
    // The small read waits on one statement on the version feed's listening connection, shared
    // by every read waiting at that moment (decision 081), and sends none on the pool.
    expect(counts).toEqual({
      'small read': 0,
      'workspace read': 2,
      'create task': 9,
      plan: 6,
      idle: 5,
      complete: 6,
      revert: 6,
      reorder: 7,
    });
    for (const [name, sent] of Object.entries(trips)) {
      if (name === 'small read' || name === 'workspace read') continue;
      // One transaction, opened with its lock and savepoint in one round trip, and one commit;
      // the version bump, the change log and the NOTIFY in one statement.
      expect(
        sent.filter((text) => text.startsWith('begin; select 1 from workspaces')),
      ).toHaveLength(1);
      expect(sent.filter((text) => text === 'commit')).toHaveLength(1);
      expect(sent.filter((text) => text.includes('pg_notify'))).toHaveLength(1);
      expect(
        sent.some((text) => /^(begin$|select pg_notify|insert into "change_log")/.test(text)),
      ).toBe(false);
    }
  });
});
