import type { Db } from '../../db/database.ts';
import type { CaldavObjectsTable } from '../../db/schema.ts';

/** A task list: the workspace's inbox (`projectId` null) or one of its projects. */
export interface ListHome {
  workspaceId: string;
  projectId: string | null;
}

/** The tasks of a list as the workspace sees them, with what a client wrote of each. */
function objectsOf(db: Db, home: ListHome) {
  let query = db
    .selectFrom('tasks as t')
    .leftJoin('planned_tasks as pt', (join) =>
      join.onRef('pt.task_id', '=', 't.id').on('pt.workspace_id', '=', home.workspaceId),
    )
    .leftJoin('caldav_objects as o', 'o.task_id', 't.id')
    .select([
      't.id',
      't.name',
      't.notes',
      't.deadline',
      't.completed_at',
      't.created_at',
      't.updated_at',
      'pt.day',
      'o.name as resource',
      'o.uid',
      'o.kept',
    ]);
  query =
    home.projectId === null
      ? query.where('t.workspace_id', '=', home.workspaceId).where('t.project_id', 'is', null)
      : query.where('t.project_id', '=', home.projectId);
  return query;
}

export type ObjectRow = Awaited<ReturnType<ReturnType<typeof objectsOf>['execute']>>[number];

export const listObjects = (db: Db, home: ListHome) =>
  objectsOf(db, home).orderBy('t.id').execute();

export const findObjectsByIds = (db: Db, home: ListHome, taskIds: string[]) =>
  taskIds.length === 0
    ? Promise.resolve([])
    : objectsOf(db, home).where('t.id', 'in', taskIds).execute();

/** The task a client's resource name names in the list: its own name, or the task's id. */
export const findObjectByName = (db: Db, home: ListHome, name: string, taskId: string | null) =>
  objectsOf(db, home)
    .where((eb) =>
      taskId === null
        ? eb('o.name', '=', name)
        : eb.or([
            eb('o.name', '=', name),
            eb.and([eb('t.id', '=', taskId), eb('o.name', 'is', null)]),
          ]),
    )
    .executeTakeFirst();

/** The tasks of the list that any of these names name (a client's names, or task ids). */
export const findObjectsByNames = (db: Db, home: ListHome, names: string[], taskIds: string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : objectsOf(db, home)
        .where((eb) =>
          eb.or([
            eb('o.name', 'in', names),
            ...(taskIds.length > 0
              ? [eb.and([eb('t.id', 'in', taskIds), eb('o.name', 'is', null)])]
              : []),
          ]),
        )
        .execute();

/** A task of the list whose object carries this UID already (RFC 4791 no-uid-conflict). */
export const findObjectByUid = (db: Db, home: ListHome, uid: string) =>
  objectsOf(db, home).where('o.uid', '=', uid).executeTakeFirst();

/**
 * The tasks a UID names wherever they live now: those whose kept object carries it, and the task
 * whose Hustle-made UID it is (`<task id>@<host>`) while no client has written it. Two lookups,
 * each by an index: one OR across both tables would read every task of every account per PUT.
 */
export function tasksWithUid(db: Db, uid: string, taskId: string | null) {
  const written = db
    .selectFrom('caldav_objects as o')
    .innerJoin('tasks as t', 't.id', 'o.task_id')
    .select(['t.id', 't.workspace_id', 't.project_id', 'o.name as resource'])
    .where('o.uid', '=', uid);
  if (taskId === null) return written.execute();
  const unwritten = db
    .selectFrom('tasks as t')
    .leftJoin('caldav_objects as o', 'o.task_id', 't.id')
    .select(['t.id', 't.workspace_id', 't.project_id', 'o.name as resource'])
    .where('t.id', '=', taskId)
    .where('o.task_id', 'is', null);
  // The one with no object first: its `resource` is the nullable one.
  return unwritten.unionAll(written).execute();
}

export type UidHolder = Awaited<ReturnType<typeof tasksWithUid>>[number];

/** What a client wrote of a task; the list it left is kept until another move names one. */
export async function saveObject(
  db: Db,
  row: Omit<CaldavObjectsTable, 'left_list' | 'left_name'>,
  left?: { list: string; name: string },
): Promise<void> {
  const moved = { left_list: left?.list ?? null, left_name: left?.name ?? null };
  await db
    .insertInto('caldav_objects')
    .values({ ...row, ...moved })
    .onConflict((conflict) =>
      conflict.column('task_id').doUpdateSet({
        workspace_id: row.workspace_id,
        name: row.name,
        uid: row.uid,
        kept: row.kept,
        updated_at: row.updated_at,
        ...(left ? moved : {}),
      }),
    )
    .execute();
}

/**
 * The resource names clients gave these tasks (deleted ones' too, for a while). A task a client
 * moved out of the list has two: the name it had there, and the one it has now, which the list
 * knows it by when the app has moved it back since.
 */
export async function resourceNamesOf(
  db: Db,
  listId: string,
  taskIds: string[],
): Promise<Map<string, string[]>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('caldav_objects')
    .select(['task_id', 'name', 'left_list', 'left_name'])
    .where('task_id', 'in', taskIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.task_id,
      row.left_list === listId && row.left_name !== null && row.left_name !== row.name
        ? [row.left_name, row.name]
        : [row.name],
    ]),
  );
}

/** Whether a client's name in the list is that of a task moved out of it (to another list). */
export async function isMovedAway(
  db: Db,
  workspaceId: string,
  listId: string,
  name: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('caldav_objects as o')
    .innerJoin('tasks as t', 't.id', 'o.task_id')
    .select('o.task_id')
    // The mover's workspace: every workspace's inbox is `inbox`.
    .where('o.workspace_id', '=', workspaceId)
    .where('o.left_list', '=', listId)
    .where('o.left_name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets what clients wrote of tasks that are gone and were last written before `before`. */
export async function pruneGoneBefore(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('caldav_objects')
    .where('updated_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('tasks')
            .select('tasks.id')
            .whereRef('tasks.id', '=', 'caldav_objects.task_id'),
        ),
      ),
    )
    .execute();
}

/**
 * Tasks of the workspace that a client wrote with this UID and that are gone since (their objects
 * are kept a while after the task goes), newest first.
 */
export async function goneTasksOfUid(db: Db, workspaceId: string, uid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('caldav_objects as o')
    .leftJoin('tasks as t', 't.id', 'o.task_id')
    .select('o.task_id')
    .where('o.workspace_id', '=', workspaceId)
    .where('o.uid', '=', uid)
    .where('t.id', 'is', null)
    .orderBy('o.updated_at', 'desc')
    .execute();
  return rows.map((row) => row.task_id);
}
