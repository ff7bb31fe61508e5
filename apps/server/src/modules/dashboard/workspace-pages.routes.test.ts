import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applySyncChanges, applyWorkspacePage } from '@hustle/shared/sync-apply';
import {
  WORKSPACE_PAGE_SIZE,
  type WorkspaceList,
  type WorkspacePage,
  type WorkspaceResponse,
} from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { insertTasks } from '../../testing/seed-tasks.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Decision 029: the workspace answer holds the first page of each long list; pages bring the rest. */
describe.each(testDialects)('workspace pages (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let projectIds: string[];
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
    projectIds = [];
    for (const name of ['Home', 'Work']) {
      const project = await ada.callOk('createProject', {
        body: { workspaceId: ada.workspaceId, name },
      });
      projectIds.push(project.projectId);
    }
  });
  afterEach(() => t.close());

  const read = async (): Promise<WorkspaceResponse> => ada.workspace();
  const page = (list: WorkspaceList, after: string) =>
    ada.callOk('getWorkspacePage', {
      params: { id: ada.workspaceId, list },
      query: { after },
    }) as Promise<WorkspacePage>;

  /** Follows a list's pages to its end, as the web does while the user scrolls. */
  async function readAll(list: WorkspaceList): Promise<WorkspaceResponse> {
    let copy = await read();
    let pages = 0;
    while (copy.more[list] !== null) {
      const after = copy.more[list];
      copy = applyWorkspacePage(copy, await page(list, after), after);
      pages += 1;
      if (pages > 100) throw new Error('the pages never end');
    }
    return copy;
  }

  /** 600 tasks: 400 in the projects, 200 in the inbox, half planned, every 8th completed. */
  const seed = () =>
    insertTasks(t.database.db, ada.workspaceId, 600, {
      projectIds,
      inProjects: 2 / 3,
      planned: (index) => index % 2 === 0,
      completed: (index) => index % 8 === 0,
    });

  it('answers the first page of the Execute list and brings the rest by page, in order', async () => {
    const tasks = await seed();
    const plannedInOrder = tasks.filter((task) => task.planned).map((task) => task.id);
    const first = await read();
    expect(first.plannedTasks).toEqual(plannedInOrder.slice(0, WORKSPACE_PAGE_SIZE));
    expect(first.more.planned).not.toBeNull();
    expect(first.plannedCounts).toEqual({ open: 225, completed: 75 });

    const all = await readAll('planned');
    expect(all.plannedTasks).toEqual(plannedInOrder);
    expect(all.more.planned).toBeNull();
    // Every row of the list is in the copy, under its own list, planned or done.
    const rows = new Map(
      [...all.projects.flatMap((project) => project.tasks), ...all.tasks].map((task) => [
        task.id,
        task,
      ]),
    );
    for (const task of tasks.filter((seeded) => seeded.planned)) {
      expect(rows.get(task.id)?.state).toBe(task.completed ? 'DONE' : 'PLANNED');
    }
    const byId = new Map(tasks.map((task) => [task.id, task]));
    for (const project of all.projects) {
      for (const task of project.tasks) expect(byId.get(task.id)?.projectId).toBe(project.id);
    }
  });

  it('pages the open inbox; each row says whether it is planned, wherever it is', async () => {
    const tasks = await seed();
    const openInbox = tasks.filter((task) => task.projectId === null && !task.completed);
    const first = await read();
    expect(first.inboxOpenCount).toBe(openInbox.length);
    expect(first.more.inbox).not.toBeNull();
    // The first inbox page, plus the inbox rows of the Execute list's first page (none here:
    // the first 400 tasks are the projects').
    expect(first.tasks.map((task) => task.id)).toEqual(
      openInbox.slice(0, WORKSPACE_PAGE_SIZE).map((task) => task.id),
    );
    const all = await readAll('inbox');
    const open = all.tasks.filter((task) => task.completedAt === null);
    expect(open.map((task) => [task.id, task.planned])).toEqual(
      openInbox.map((task) => [task.id, task.planned]),
    );
    // The project cards still show their first ten open tasks, planned or not.
    const home = first.projects.find((project) => project.id === projectIds[0])!;
    const homeOpen = tasks.filter((task) => task.projectId === projectIds[0] && !task.completed);
    for (const task of homeOpen.slice(0, 10)) {
      expect(home.tasks.find((shown) => shown.id === task.id)?.planned).toBe(task.planned);
    }
  });

  it('continues where it left off when rows move meanwhile, and drops a stale page', async () => {
    const tasks = await seed();
    const planned = tasks.filter((task) => task.planned);
    const first = await read();
    const after = first.more.planned!;
    // The last task of the list goes to the front: the next page no longer holds it.
    const moved = planned.at(-1)!;
    await ada.callOk('putTaskToFront', {
      params: { id: moved.id },
      body: { workspaceId: ada.workspaceId },
    });
    const next = await page('planned', after);
    expect(next.plannedTasks).toEqual(
      planned.slice(WORKSPACE_PAGE_SIZE, 2 * WORKSPACE_PAGE_SIZE).map((task) => task.id),
    );
    // A page asked for a cursor the copy no longer holds changes nothing.
    expect(
      applyWorkspacePage({ ...first, more: { ...first.more, planned: null } }, next, after),
    ).toEqual({ ...first, more: { ...first.more, planned: null } });
  });

  it('keeps the answer under 1 MiB whatever the account holds', async () => {
    await insertTasks(t.database.db, ada.workspaceId, 3_000, {
      planned: (index) => index % 2 === 0,
      name: (index) => `${index} `.padEnd(2048, 'x'),
    });
    const res = await ada.call('getWorkspace', { params: { id: ada.workspaceId } });
    expect(res.statusCode).toBe(200);
    expect(Buffer.byteLength(res.body)).toBeLessThan(1024 * 1024);
    const answer = res.json<WorkspaceResponse>();
    expect(answer.inboxOpenCount).toBe(3_000);
    expect(answer.plannedCounts.open).toBe(1_500);
  });

  it('keeps a synced copy whole: counts follow, loaded pages stay', async () => {
    await seed();
    let copy = await readAll('planned');
    const task = await ada.callOk('createTask', {
      body: { workspaceId: ada.workspaceId, name: 'Late', planned: true },
    });
    const sync = await ada.callOk('getSync', { query: { since: String(copy.version) } });
    if (sync.kind !== 'changes') throw new Error('expected changes');
    copy = applySyncChanges(copy, sync);
    expect(copy.plannedCounts).toEqual({ open: 226, completed: 75 });
    expect(copy.plannedTasks.at(-1)).toBe(task.id);
    expect(copy.plannedTasks).toHaveLength(301);
  });

  it('rejects a malformed cursor and hides other workspaces', async () => {
    const bad = await ada.call('getWorkspacePage', {
      params: { id: ada.workspaceId, list: 'planned' },
      query: { after: 'not a cursor' },
    });
    expect(bad.statusCode).toBe(400);
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const other = await eve.call('getWorkspacePage', {
      params: { id: ada.workspaceId, list: 'inbox' },
      query: { after: `a0.${projectIds[0]}` },
    });
    expect(other.statusCode).toBe(404);
  });
});
