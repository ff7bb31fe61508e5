import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSessionLookup } from './testing/kept-session.ts';
import { apiClientFor, type ApiClient } from './testing/api-client.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { testDialects } from './testing/test-databases.ts';
import { insertTasks, type SeededTask } from './testing/seed-tasks.ts';

/**
 * Issue 12: the SQL statements a request runs do not grow with the workspace. Each request is
 * made against an account holding 10 tasks and one holding 1,000 (the same shape: two
 * projects and the inbox, three tasks in ten planned, some completed on the Execute list), and
 * the two must run the same statements. A per-row query (N+1) shows up as hundreds more; a
 * list of ids bound into one statement as a longer SQL text.
 */
describe.each(testDialects)('queries per request (%s)', (dialect) => {
  let t: TestApp;
  let statements: string[];
  let counting = false;
  beforeEach(async () => {
    statements = [];
    t = await createTestApp(dialect, {
      onQuery: (sql) => {
        if (counting) statements.push(sql);
      },
    });
  });
  afterEach(() => t.close());

  interface Account {
    api: ApiClient;
    projectIds: string[];
    /** Idle and planned open tasks of the first project, and one planned inbox task. */
    idleTask: string;
    plannedTask: SeededTask;
    plannedTasks: string[];
  }

  /** An account with `size` tasks, written as the create requests would leave them. */
  async function accountWith(email: string, size: number): Promise<Account> {
    const api = await apiClientFor(t.app, email);
    const projectIds: string[] = [];
    for (const name of ['Home', 'Work']) {
      const project = await api.callOk('createProject', {
        body: { workspaceId: api.workspaceId, name },
      });
      projectIds.push(project.projectId);
    }
    const tasks = await insertTasks(t.database.db, api.workspaceId, size, {
      projectIds,
      inProjects: 2 / 3,
      planned: (index) => index % 10 <= 2,
      completed: (index) => index % 40 === 0,
    });
    const idle = tasks.find((task) => !task.planned && task.projectId === projectIds[0]);
    const planned = tasks.filter((task) => task.planned && !task.completed);
    if (!idle || planned.length < 2) throw new Error('the seed has no idle or planned task');
    return {
      api,
      projectIds,
      idleTask: idle.id,
      plannedTask: planned[0]!,
      plannedTasks: planned.map((task) => task.id),
    };
  }

  /**
   * The statements one call runs, as sorted SQL texts; fails unless it succeeds. Sorted because
   * reads that run side by side on PostgreSQL's pool are logged in whichever order they finish.
   */
  async function count(call: () => Promise<{ statusCode: number; body: string }>) {
    statements = [];
    counting = true;
    const res = await call().finally(() => {
      counting = false;
    });
    if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
    if (dialect === 'sqlite') return [...statements].sort();
    expect(statements.filter(isSessionLookup).length).toBeLessThanOrEqual(1);
    return statements.filter((text) => !isSessionLookup(text)).sort();
  }

  /** Every measured request of one account, by name, with the statements it ran. */
  async function countsFor(account: Account): Promise<Record<string, string[]>> {
    const { api } = account;
    const ws = { workspaceId: api.workspaceId };
    const action = (
      id: string,
      name: 'plan' | 'idle' | 'complete' | 'revert',
      projectId: string | null,
    ) =>
      api.call('taskAction', {
        params: { id, action: name },
        body: { ...ws, projectId, origin: 'workspace' },
      });
    const [first, second] = account.plannedTasks;
    const { plannedTask } = account;
    const home = account.projectIds[0]!;
    // Where the project's second page starts, so the measured page is one after a cursor.
    const { next: secondPage } = await api.callOk('getProjectTasksPage', {
      params: { id: home },
      query: { limit: '2' },
    });
    if (!secondPage) throw new Error('the project fits one page of two');
    return {
      'workspace read': await count(() =>
        api.call('getWorkspace', { params: { id: api.workspaceId } }),
      ),
      'workspace version': await count(() => api.call('getWorkspaceVersion')),
      'project tasks': await count(() => api.call('listProjectTasks', { params: { id: home } })),
      'project tasks page': await count(() =>
        api.call('getProjectTasksPage', {
          params: { id: home },
          query: { after: secondPage, limit: '2' },
        }),
      ),
      logbook: await count(() => api.call('getLogbook', { query: {} })),
      'logbook week': await count(() =>
        api.call('getLogbookWeek', { query: { day: '2026-11-22' } }),
      ),
      'create task': await count(() =>
        api.call('createTask', { body: { ...ws, projectId: home, name: 'New', planned: true } }),
      ),
      'create inbox task': await count(() =>
        api.call('createTask', { body: { ...ws, name: 'Inbox', planned: false } }),
      ),
      plan: await count(() => action(account.idleTask, 'plan', home)),
      idle: await count(() => action(account.idleTask, 'idle', home)),
      complete: await count(() => action(plannedTask.id, 'complete', plannedTask.projectId)),
      revert: await count(() => action(plannedTask.id, 'revert', plannedTask.projectId)),
      reorder: await count(() =>
        api.call('reorderPlannedTask', {
          params: { id: first! },
          body: { ...ws, afterTaskId: second! },
        }),
      ),
      'put to front': await count(() =>
        api.call('putTaskToFront', { params: { id: second! }, body: ws }),
      ),
      rename: await count(() =>
        api.call('renameTask', {
          params: { id: account.idleTask },
          body: { ...ws, projectId: home, name: 'Renamed' },
        }),
      ),
    };
  }

  it('runs the same statements at 1,000 tasks as at 10', async () => {
    const small = await countsFor(await accountWith('small@example.com', 10));
    const large = await countsFor(await accountWith('large@example.com', 1_000));
    // The same SQL texts in the same order: as many statements, and none whose parameter list
    // (an `in (?, ?, …)` of ids) grows with the account.
    expect(large).toEqual(small);
    // The counting sees the requests' own statements, not only the session lookup.
    expect(small['workspace read']!.length).toBeGreaterThan(5);
    expect(small['project tasks']!.some((sql) => sql.includes('"tasks"'))).toBe(true);
  });
});
