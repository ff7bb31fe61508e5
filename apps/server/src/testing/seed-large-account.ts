import type { Db } from '../db/database.ts';
import type { TasksTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { keysAfter } from '../lib/ordering.ts';
import * as portabilityRepo from '../modules/portability/portability.repository.ts';
import { todayOf } from '../modules/tasks/days.service.ts';
import * as workspacesRepo from '../modules/workspaces/workspaces.repository.ts';
import type { ApiClient } from './api-client.ts';

export interface LargeAccountShape {
  /** Projects made through the API, each given this many tasks. */
  projects: number;
  tasksPerProject: number;
  inboxTasks: number;
  /** Tasks of one automation made through the API; its first three periods' runs name three. */
  automationTasks: number;
  /** Every this-many-th task is put on the Execute list (completed ones too, as a day leaves them). */
  plannedEvery: number;
}

const madeAt = (index: number) => new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();

/**
 * Fills an account with many tasks: the projects and the automation through the API, the tasks,
 * runs and Execute list in bulk through the repositories the import writes with, since tens of
 * thousands of create requests would make a test slow. Every seventh task is completed.
 */
export async function seedLargeAccount(
  db: Db,
  client: ApiClient,
  shape: LargeAccountShape,
): Promise<{ tasks: number }> {
  const { workspaceId } = client;
  const projectIds: string[] = [];
  for (let p = 0; p < shape.projects; p += 1) {
    const name = `Project ${p + 1}`;
    projectIds.push(
      (await client.callOk('createProject', { body: { workspaceId, name } })).projectId,
    );
  }
  const automation = await client.callOk('createAutomation', {
    body: {
      workspaceId,
      name: 'Water the plants',
      trigger: { frequency: 'WEEKLY', weekdays: [1, 4] },
      steps: [{ type: 'TASK', payload: { taskName: 'Water the plants' } }],
    },
  });

  let count = 0;
  const rowsOf = (
    size: number,
    home: Pick<TasksTable, 'workspace_id' | 'project_id' | 'automation_id'>,
  ): TasksTable[] =>
    keysAfter(null, size).map((position, i) => {
      const index = (count += 1);
      const at = madeAt(index);
      return {
        id: newId(),
        ...home,
        name: `Task ${index} (${i + 1} of ${size})`,
        position,
        created_at: at,
        updated_at: at,
        completed_at: index % 7 === 0 ? at : null,
        completed_by: index % 7 === 0 ? workspaceId : null,
        deadline: null,
      };
    });
  const tasks = [
    ...projectIds.flatMap((projectId) =>
      rowsOf(shape.tasksPerProject, {
        workspace_id: null,
        project_id: projectId,
        automation_id: null,
      }),
    ),
    ...rowsOf(shape.inboxTasks, {
      workspace_id: workspaceId,
      project_id: null,
      automation_id: null,
    }),
    ...rowsOf(shape.automationTasks, {
      workspace_id: workspaceId,
      project_id: null,
      automation_id: automation.id,
    }),
  ];
  const automationTasks = tasks.filter((task) => task.automation_id !== null);
  const plannedIds = tasks.filter((_, i) => i % shape.plannedEvery === 0).map((task) => task.id);

  await db.transaction().execute(async (trx) => {
    await portabilityRepo.insertTasks(trx, tasks);
    await portabilityRepo.insertAutomations(
      trx,
      [],
      automationTasks.slice(0, 3).map((task, i) => ({
        automation_id: automation.id,
        period: `2026-11-0${i + 2}`,
        task_id: task.id,
        status: 'CREATED' as const,
        error: null,
        created_at: task.created_at,
      })),
    );
    const keys = keysAfter(null, plannedIds.length);
    // Today by the app's clock: the version row holds when its last command ran.
    const version = await workspacesRepo.findVersion(trx, workspaceId);
    const today = await todayOf(trx, workspaceId, version!.updatedAt);
    await portabilityRepo.insertPlanned(
      trx,
      plannedIds.map((taskId, i) => ({
        workspace_id: workspaceId,
        task_id: taskId,
        position: keys[i]!,
        day: today,
        carried: 0,
      })),
    );
    await workspacesRepo.bumpVersions(trx, [workspaceId], madeAt(count + 1));
  });
  return { tasks: tasks.length };
}
