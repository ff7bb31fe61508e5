import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { keysAfter } from '../../lib/ordering.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import { insertTasks } from '../../testing/seed-tasks.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';
import { firstOpenTasksOfProjects } from './dashboard.repository.ts';

/**
 * The project cards' read is one statement per 200 projects, compiled once per size and padded
 * up to it with ids no project has: whatever the number of projects, each gets its own first
 * open tasks and no other's.
 */
describe.each(testDialects)('the project cards’ first open tasks (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  /** Projects of Ada's workspace, written directly: the API would stop at the plan's limit. */
  async function addProjects(count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => newId());
    const at = '2026-11-22T09:00:00.000Z';
    const positions = keysAfter(null, count);
    await t.database.db
      .insertInto('projects')
      .values(
        ids.map((id, index) => ({
          id,
          owner_workspace_id: ada.workspaceId,
          name: `Project ${index}`,
          color: null,
          archived_at: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await t.database.db
      .insertInto('workspace_projects')
      .values(
        ids.map((id, index) => ({
          workspace_id: ada.workspaceId,
          project_id: id,
          position: positions[index]!,
          joined_at: at,
        })),
      )
      .execute();
    return ids;
  }

  it.each([1, 3, 9, 203])('reads each of %i projects’ own first open tasks', async (count) => {
    const projectIds = await addProjects(count);
    // Three tasks a project, the last project's first one completed and every fifth planned;
    // one more project left empty.
    const tasks = await insertTasks(t.database.db, ada.workspaceId, 3 * count, {
      projectIds,
      inProjects: 1,
      planned: (index) => index % 5 === 0,
      completed: (index) => index === count - 1,
    });
    const [empty] = await addProjects(1);
    const limit = 2;

    const rows = await firstOpenTasksOfProjects(
      t.database.db,
      ada.workspaceId,
      [...projectIds, empty!],
      limit,
    );

    const shown = (projectId: string) =>
      rows
        .filter((row) => row.project_id === projectId)
        .map((row) => [row.id, row.planned_task_id !== null]);
    for (const projectId of projectIds) {
      const expected = tasks
        .filter((task) => task.projectId === projectId && !task.completed)
        .slice(0, limit)
        .map((task) => [task.id, task.planned]);
      expect(shown(projectId)).toEqual(expected);
    }
    expect(shown(empty!)).toEqual([]);
    expect(rows).toHaveLength(limit * count);
  });
});
