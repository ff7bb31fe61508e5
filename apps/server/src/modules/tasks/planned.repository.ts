import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

// The queries every plan, idle, complete, revert and reorder runs are built once (issue 12).
const edgePosition = (direction: 'asc' | 'desc') =>
  compiledOnce((db, workspaceId: string) =>
    db
      .selectFrom('planned_tasks')
      .select('position')
      .where('workspace_id', '=', workspaceId)
      .orderBy('position', direction)
      .limit(1),
  );
const firstPosition = edgePosition('asc');
const lastPosition = edgePosition('desc');
const positionAfter = compiledOnce(
  (db, workspaceId: string, position: string, excludeTaskId: string) =>
    db
      .selectFrom('planned_tasks')
      .select('position')
      .where('workspace_id', '=', workspaceId)
      .where('position', '>', position)
      .where('task_id', '!=', excludeTaskId)
      .orderBy('position')
      .limit(1),
);
const upsertPlanned = compiledOnce(
  (db, workspaceId: string, taskId: string, position: string, day: string) =>
    db
      .insertInto('planned_tasks')
      .values({ workspace_id: workspaceId, task_id: taskId, position, day, carried: 0 })
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'task_id']).doUpdateSet({ position, day, carried: 0 }),
      ),
);
const deletePlanned = compiledOnce((db, workspaceId: string, taskId: string) =>
  db
    .deleteFrom('planned_tasks')
    .where('workspace_id', '=', workspaceId)
    .where('task_id', '=', taskId),
);
const updatePosition = compiledOnce((db, workspaceId: string, taskId: string, position: string) =>
  db
    .updateTable('planned_tasks')
    .set({ position })
    .where('workspace_id', '=', workspaceId)
    .where('task_id', '=', taskId),
);

export async function edgePlannedPosition(db: Db, workspaceId: string, edge: 'first' | 'last') {
  const [row] = await (edge === 'first' ? firstPosition : lastPosition)(db, workspaceId);
  return row?.position ?? null;
}

/** The position right after `position` in the workspace's list, if any. */
export async function nextPlannedPosition(
  db: Db,
  workspaceId: string,
  position: string,
  excludeTaskId: string,
) {
  const [row] = await positionAfter(db, workspaceId, position, excludeTaskId);
  return row?.position ?? null;
}

/** Puts a task on the list at `position`, planned for `day` and carried over never yet. */
export async function insertPlanned(
  db: Db,
  workspaceId: string,
  taskId: string,
  position: string,
  day: string,
) {
  await upsertPlanned(db, workspaceId, taskId, position, day);
}

export async function removePlanned(db: Db, workspaceId: string, taskId: string) {
  await deletePlanned(db, workspaceId, taskId);
}

/** Takes every task of a project off the lists of the given workspace, or of all. */
export function removeProjectFromPlans(db: Db, projectId: string, workspaceId?: string) {
  return db
    .deleteFrom('planned_tasks')
    .where('task_id', 'in', (eb) =>
      eb.selectFrom('tasks').select('id').where('project_id', '=', projectId),
    )
    .$if(workspaceId !== undefined, (qb) => qb.where('workspace_id', '=', workspaceId!))
    .returningAll()
    .execute();
}

export function removeCompletedFromList(db: Db, workspaceId: string) {
  return db
    .deleteFrom('planned_tasks')
    .where('workspace_id', '=', workspaceId)
    .where('task_id', 'in', (eb) =>
      eb.selectFrom('tasks').select('id').where('completed_at', 'is not', null),
    )
    .returningAll()
    .execute();
}

/** spec §4 "Move all tasks to planning": every PLANNED task becomes IDLE; the list empties. */
export function clearList(db: Db, workspaceId: string) {
  return db
    .deleteFrom('planned_tasks')
    .where('workspace_id', '=', workspaceId)
    .returningAll()
    .execute();
}

export async function setPlannedPosition(
  db: Db,
  workspaceId: string,
  taskId: string,
  position: string,
) {
  await updatePosition(db, workspaceId, taskId, position);
}
