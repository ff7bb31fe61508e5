import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { keyBetween } from '../lib/ordering.ts';
import { todayOf } from '../modules/tasks/days.service.ts';
import * as plannedRepo from '../modules/tasks/planned.repository.ts';
import * as tasksRepo from '../modules/tasks/tasks.repository.ts';
import * as workspacesRepo from '../modules/workspaces/workspaces.repository.ts';

export interface SeededTask {
  id: string;
  name: string;
  projectId: string | null;
  planned: boolean;
  completed: boolean;
}

export interface SeedShape {
  /** Projects the first tasks go to, in turn. */
  projectIds?: string[];
  /** The share of the tasks that go to the projects (the first ones); the rest to the inbox. */
  inProjects?: number;
  /** Whether the task of this index is put on the Execute list (last). */
  planned?: (index: number) => boolean;
  /** Whether it is completed (a planned one stays on the Execute list). */
  completed?: (index: number) => boolean;
  name?: (index: number) => string;
}

/**
 * Writes `size` tasks into a workspace in one transaction with the server's repositories,
 * as as many create requests would leave them (each last in its list, planned ones last on the
 * Execute list, the version bumped): a thousand requests would make tests slow.
 */
export async function insertTasks(
  db: Db,
  workspaceId: string,
  size: number,
  shape: SeedShape = {},
): Promise<SeededTask[]> {
  const { projectIds = [], inProjects = 0 } = shape;
  return db.transaction().execute(async (trx) => {
    const last = new Map<string | null, string | null>();
    let lastPlanned = await plannedRepo.edgePlannedPosition(trx, workspaceId, 'last');
    const at = new Date('2026-11-22T09:00:00.000Z');
    const seeded: SeededTask[] = [];
    for (let index = 0; index < size; index += 1) {
      const projectId =
        projectIds.length > 0 && index < size * inProjects
          ? projectIds[index % projectIds.length]!
          : null;
      if (!last.has(projectId)) {
        last.set(
          projectId,
          await tasksRepo.lastTaskPosition(trx, projectId ? { projectId } : { workspaceId }),
        );
      }
      const position = keyBetween(last.get(projectId), null);
      last.set(projectId, position);
      const planned = shape.planned?.(index) ?? false;
      const completed = shape.completed?.(index) ?? false;
      const id = newId();
      const name = shape.name?.(index) ?? `Task ${index}`;
      // One millisecond apart, so the making order is the list order.
      const madeAt = new Date(at.getTime() + index).toISOString();
      await tasksRepo.insertTask(trx, {
        id,
        workspace_id: projectId ? null : workspaceId,
        project_id: projectId,
        automation_id: null,
        name,
        position,
        created_at: madeAt,
        updated_at: madeAt,
        completed_at: completed ? madeAt : null,
        completed_by: completed ? workspaceId : null,
        deadline: null,
      });
      if (planned) {
        lastPlanned = keyBetween(lastPlanned, null);
        const today = await todayOf(trx, workspaceId, at.toISOString());
        await plannedRepo.insertPlanned(trx, workspaceId, id, lastPlanned, today);
      }
      seeded.push({ id, name, projectId, planned, completed });
    }
    // The row insert leaves out who completed a task: the seeded workspace did, as a request's would.
    const completedIds = seeded.filter((task) => task.completed).map((task) => task.id);
    for (let from = 0; from < completedIds.length; from += 500) {
      await trx
        .updateTable('tasks')
        .set({ completed_by: workspaceId })
        .where('id', 'in', completedIds.slice(from, from + 500))
        .execute();
    }
    await workspacesRepo.bumpVersions(trx, [workspaceId], at.toISOString());
    return seeded;
  });
}
