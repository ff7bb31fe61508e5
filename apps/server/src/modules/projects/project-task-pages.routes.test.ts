import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_TASKS_PAGE_SIZE, type ProjectTasksPage } from '@hustle/shared/projects';
import type { Task } from '@hustle/shared/tasks';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { insertTasks, type SeededTask } from '../../testing/seed-tasks.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/**
 * Decision 035: a project's tasks come in pages, open ones in their order, then completed ones;
 * the spec's call answers the first page.
 */
describe.each(testDialects)('project task pages (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let projectId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
    projectId = (
      await ada.callOk('createProject', { body: { workspaceId: ada.workspaceId, name: 'Home' } })
    ).projectId;
  });
  afterEach(() => t.close());

  const page = (query: { after?: string; limit?: string } = {}) =>
    ada.callOk('getProjectTasksPage', {
      params: { id: projectId },
      query,
    }) as Promise<ProjectTasksPage>;

  /** Follows the pages to the end, as a client scrolling the list does. */
  async function readAll(limit: string, between?: (pages: number) => Promise<void>) {
    const tasks: Task[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 200; pages += 1) {
      const next = await page({ ...(after ? { after } : {}), limit });
      tasks.push(...next.tasks);
      if (next.next === null) return tasks;
      after = next.next;
      await between?.(pages);
    }
    throw new Error('the pages never end');
  }

  /** `size` tasks in the project, every 5th completed, every 3rd planned (open ones only). */
  const seed = (size: number) =>
    insertTasks(t.database.db, ada.workspaceId, size, {
      projectIds: [projectId],
      inProjects: 1,
      completed: (index) => index % 5 === 0,
      planned: (index) => index % 3 === 0 && index % 5 !== 0,
    });
  const inListOrder = (tasks: SeededTask[]) => [
    ...tasks.filter((task) => !task.completed),
    ...tasks.filter((task) => task.completed),
  ];
  const command = () => ({ workspaceId: ada.workspaceId, projectId, origin: 'workspace' as const });

  it('pages open tasks in order, then completed ones, each once with its state', async () => {
    const seeded = await seed(250);
    const all = await readAll('40');
    expect(all.map((task) => task.id)).toEqual(inListOrder(seeded).map((task) => task.id));
    const byId = new Map(seeded.map((task) => [task.id, task]));
    for (const task of all) {
      const made = byId.get(task.id)!;
      expect(task.state).toBe(made.completed ? 'DONE' : made.planned ? 'PLANNED' : 'IDLE');
      expect(task.done).toBe(made.completed);
    }
    // Without a limit a page holds PROJECT_TASKS_PAGE_SIZE tasks.
    expect((await page()).tasks).toHaveLength(PROJECT_TASKS_PAGE_SIZE);
  });

  it('answers the spec call with the first page, and names the next in a Link header', async () => {
    const seeded = await seed(150);
    const res = await ada.call('listProjectTasks', { params: { id: projectId } });
    expect(res.statusCode).toBe(200);
    const first = res.json<Task[]>();
    expect(first.map((task) => task.id)).toEqual(
      inListOrder(seeded)
        .slice(0, PROJECT_TASKS_PAGE_SIZE)
        .map((task) => task.id),
    );
    const link = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link));
    expect(link).not.toBeNull();
    const rest = await ada.get(link![1]!);
    expect(rest.statusCode).toBe(200);
    expect(rest.json<ProjectTasksPage>().tasks.map((task) => task.id)).toEqual(
      inListOrder(seeded)
        .slice(PROJECT_TASKS_PAGE_SIZE)
        .map((task) => task.id),
    );
    expect(rest.json<ProjectTasksPage>().next).toBeNull();

    // A project that fits one page answers all of it, with no Link.
    const small = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Small' },
    });
    const one = await ada.call('listProjectTasks', { params: { id: small.projectId } });
    expect(one.json()).toEqual([]);
    expect(one.headers.link).toBeUndefined();
  });

  it('never repeats or skips a task while tasks are added, deleted and completed meanwhile', async () => {
    const seeded = await seed(60);
    const open = seeded.filter((task) => !task.completed);
    const first = await page({ limit: '10' });
    const lastSent = first.tasks.at(-1)!;
    // The task the cursor names goes, and so does one further on.
    const gone = [lastSent.id, open[20]!.id];
    for (const id of gone) {
      await ada.callOk('deleteTask', { params: { id }, body: command() });
    }
    // A task further on is completed: it comes once, among the completed ones.
    const completed = open[30]!.id;
    await ada.callOk('taskAction', {
      params: { id: completed, action: 'complete' },
      body: command(),
    });
    // New tasks go last among the open ones.
    const added: string[] = [];
    for (const name of ['New 1', 'New 2']) {
      const task = await ada.callOk('createTask', {
        body: { workspaceId: ada.workspaceId, projectId, name },
      });
      added.push(task.id);
    }

    const rest: Task[] = [];
    let after = first.next;
    while (after) {
      const next = await page({ after, limit: '10' });
      rest.push(...next.tasks);
      after = next.next;
    }
    const ids = [...first.tasks, ...rest].map((task) => task.id);
    expect(new Set(ids).size).toBe(ids.length);
    const stillOpen = open
      .map((task) => task.id)
      .filter((id) => id !== completed && !gone.slice(1).includes(id));
    const done = seeded.filter((task) => task.completed).map((task) => task.id);
    expect(ids).toEqual([...stillOpen, ...added, ...[...done, completed].sort(byPosition(seeded))]);
  });

  it('answers 404 for a project that is not the caller’s, 400 for a bad cursor or limit', async () => {
    await seed(5);
    const eve = await apiClientFor(t.app, 'eve@example.com');
    for (const res of [
      await eve.call('getProjectTasksPage', { params: { id: projectId }, query: {} }),
      await eve.call('listProjectTasks', { params: { id: projectId } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    for (const query of [
      { after: 'not a cursor' },
      { after: `later.a0.${projectId}` },
      { after: 'open.a0.not-an-id' },
      { limit: '0' },
      { limit: String(PROJECT_TASKS_PAGE_SIZE + 1) },
      { limit: 'ten' },
    ]) {
      const res: LightMyRequestResponse = await ada.call('getProjectTasksPage', {
        params: { id: projectId },
        query,
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('lets a member of a shared project page it, with their own plan state', async () => {
    const seeded = await seed(30);
    const bea = await apiClientFor(t.app, 'bea@example.com');
    const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId } });
    await bea.callOk('joinInvite', { params: { inviteToken: inviteLink.replace('/invite/', '') } });
    const seen = await bea.callOk('getProjectTasksPage', {
      params: { id: projectId },
      query: { limit: '100' },
    });
    expect(seen.tasks.map((task) => task.id)).toEqual(inListOrder(seeded).map((task) => task.id));
    // Planning is per workspace: Ada's plans are not Bea's.
    expect(seen.tasks.filter((task) => task.planned)).toEqual([]);
  });

  it('keeps every page under 1 MiB in a project of thousands of long tasks', async () => {
    await insertTasks(t.database.db, ada.workspaceId, 3_000, {
      projectIds: [projectId],
      inProjects: 1,
      completed: (index) => index % 2 === 0,
      // Three bytes of UTF-8 for each of the 2,048 UTF-16 units a name may hold (spec §9): the
      // longest a name's answer can be (a quote is escaped to two, an emoji is two units).
      name: (index) => `${index} `.padEnd(2048, '界'),
    });
    const spec = await ada.call('listProjectTasks', { params: { id: projectId } });
    expect(Buffer.byteLength(spec.body)).toBeLessThan(1024 * 1024);
    expect(spec.json<Task[]>()).toHaveLength(PROJECT_TASKS_PAGE_SIZE);
    let after: string | null = null;
    let pages = 0;
    let tasks = 0;
    do {
      const res: LightMyRequestResponse = await ada.call('getProjectTasksPage', {
        params: { id: projectId },
        query: after ? { after } : {},
      });
      expect(Buffer.byteLength(res.body)).toBeLessThan(1024 * 1024);
      const answer: ProjectTasksPage = res.json();
      tasks += answer.tasks.length;
      after = answer.next;
      pages += 1;
    } while (after);
    expect(tasks).toBe(3_000);
    expect(pages).toBe(3_000 / PROJECT_TASKS_PAGE_SIZE);
  });
});

/** Tasks in their list order (made in that order, so their position order). */
const byPosition = (seeded: SeededTask[]) => {
  const index = new Map(seeded.map((task, at) => [task.id, at]));
  return (a: string, b: string) => index.get(a)! - index.get(b)!;
};
