import type { Db } from '../../db/database.ts';

/** Gives a task a new home, the inbox of `workspace_id` or `project_id`, at `position` there. */
export async function setHome(
  db: Db,
  taskId: string,
  home: {
    project_id: string | null;
    workspace_id: string | null;
    position: string;
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable('tasks').set(home).where('id', '=', taskId).execute();
}

/** Takes the task off the Execute lists of these workspaces; answers the rows, whole. */
export async function unplanIn(db: Db, taskId: string, workspaceIds: string[]) {
  if (workspaceIds.length === 0) return [];
  return db
    .deleteFrom('planned_tasks')
    .where('task_id', '=', taskId)
    .where('workspace_id', 'in', workspaceIds)
    .returningAll()
    .execute();
}

/**
 * The first position in the project after `position` (from the start when null), leaving out
 * the task being moved.
 */
export async function positionAfter(
  db: Db,
  projectId: string,
  position: string | null,
  excludeTaskId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('tasks')
    .select('position')
    .where('project_id', '=', projectId)
    .where('id', '!=', excludeTaskId)
    .$if(position !== null, (qb) => qb.where('position', '>', position!))
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return row?.position ?? null;
}

export async function setPosition(db: Db, taskId: string, position: string, at: string) {
  await db
    .updateTable('tasks')
    .set({ position, updated_at: at })
    .where('id', '=', taskId)
    .execute();
}
