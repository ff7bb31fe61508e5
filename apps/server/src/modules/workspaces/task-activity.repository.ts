import type { Db } from '../../db/database.ts';
import type { TaskActivityTable } from '../../db/schema.ts';

export async function appendActivity(db: Db, rows: TaskActivityTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('task_activity').values(rows).execute();
}

/** A task's newest changes, newest first, at most `limit`. */
export function newestActivity(db: Db, taskId: string, limit: number) {
  return db
    .selectFrom('task_activity')
    .leftJoin('users', 'users.id', 'task_activity.user_id')
    .select(['task_activity.user_id as userId', 'users.email', 'kind', 'at'])
    .where('task_id', '=', taskId)
    .orderBy('at', 'desc')
    .orderBy('task_activity.id', 'desc')
    .limit(limit)
    .execute();
}

/** The user who owns a project (its workspace's owner). */
export async function projectOwner(db: Db, projectId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('projects')
    .innerJoin('workspaces', 'workspaces.id', 'projects.owner_workspace_id')
    .select('workspaces.owner_user_id')
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  return row?.owner_user_id;
}

export async function pruneActivityBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('task_activity').where('at', '<', before).execute();
}

/**
 * Every activity row that names the user or a task of their workspace: the rows hold no keys to
 * either (a task's row outlives an undone delete), so erasing an account removes them itself.
 */
export async function eraseActivityOf(db: Db, userId: string, workspaceId: string): Promise<void> {
  await db
    .deleteFrom('task_activity')
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb(
          'task_id',
          'in',
          eb.selectFrom('tasks').select('tasks.id').where('tasks.workspace_id', '=', workspaceId),
        ),
      ]),
    )
    .execute();
}
