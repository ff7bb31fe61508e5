import type { Db } from '../../db/database.ts';
import type { TasksTable } from '../../db/schema.ts';

export type TaskRow = TasksTable;

const TASK_COLUMNS = [
  't.id',
  't.workspace_id',
  't.project_id',
  't.automation_id',
  't.name',
  't.position',
  't.created_at',
  't.updated_at',
  't.completed_at',
] as const;

export async function insertTask(db: Db, row: TasksTable): Promise<void> {
  await db.insertInto('tasks').values(row).execute();
}

/**
 * The task if the workspace may see it: its own inbox or automation task, or a task of a
 * project that shows in the workspace. Comes with its project's state.
 */
export function findTaskForWorkspace(db: Db, taskId: string, workspaceId: string) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('projects as p', 'p.id', 't.project_id')
    .select([...TASK_COLUMNS, 'p.archived_at as project_archived_at', 'p.owner_workspace_id'])
    .where('t.id', '=', taskId)
    .where((eb) =>
      eb.or([
        eb('t.workspace_id', '=', workspaceId),
        eb(
          't.project_id',
          'in',
          eb
            .selectFrom('workspace_projects')
            .select('project_id')
            .where('workspace_id', '=', workspaceId),
        ),
      ]),
    )
    .executeTakeFirst();
}

export async function updateTask(
  db: Db,
  taskId: string,
  changes: Partial<Pick<TasksTable, 'name' | 'completed_at' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('tasks').set(changes).where('id', '=', taskId).execute();
}

export async function deleteTask(db: Db, taskId: string): Promise<void> {
  await db.deleteFrom('tasks').where('id', '=', taskId).execute();
}

export async function lastTaskPosition(
  db: Db,
  home: { projectId: string } | { workspaceId: string },
): Promise<string | null> {
  const row = await db
    .selectFrom('tasks')
    .select('position')
    .$if('projectId' in home, (qb) =>
      qb.where('project_id', '=', (home as { projectId: string }).projectId),
    )
    .$if('workspaceId' in home, (qb) =>
      qb.where('workspace_id', '=', (home as { workspaceId: string }).workspaceId),
    )
    .orderBy('position', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.position ?? null;
}

/** Open tasks of a project in order (the detail modal). */
export function openTasksOfProject(db: Db, projectId: string) {
  return db
    .selectFrom('tasks as t')
    .select(TASK_COLUMNS)
    .where('t.project_id', '=', projectId)
    .where('t.completed_at', 'is', null)
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
}

/** The first `limit` open tasks of each project, in one query. */
export async function firstOpenTasksOfProjects(db: Db, projectIds: string[], limit: number) {
  if (projectIds.length === 0) return [];
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('tasks as t')
        .select((inner) => [
          ...TASK_COLUMNS,
          inner.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('t.project_id').orderBy('t.position').orderBy('t.id'))
            .as('rank'),
        ])
        .where('t.project_id', 'in', projectIds)
        .where('t.completed_at', 'is', null)
        .as('ranked'),
    )
    .selectAll()
    .where('rank', '<=', limit)
    .orderBy('project_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function taskCountsOfProjects(db: Db, projectIds: string[]) {
  if (projectIds.length === 0) return [];
  return db
    .selectFrom('tasks')
    .select((eb) => [
      'project_id',
      eb.fn
        .sum<number | string>(eb.case().when('completed_at', 'is', null).then(1).else(0).end())
        .as('open'),
      eb.fn
        .sum<number | string>(eb.case().when('completed_at', 'is not', null).then(1).else(0).end())
        .as('completed'),
    ])
    .where('project_id', 'in', projectIds)
    .groupBy('project_id')
    .execute();
}

/** Open inbox tasks (no automation) of a workspace, in order. */
export function openInboxTasks(db: Db, workspaceId: string) {
  return db
    .selectFrom('tasks as t')
    .select(TASK_COLUMNS)
    .where('t.workspace_id', '=', workspaceId)
    .where('t.automation_id', 'is', null)
    .where('t.completed_at', 'is', null)
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
}

/** Every task on the workspace's Execute list, in the list's order. */
export function plannedListTasks(db: Db, workspaceId: string) {
  return db
    .selectFrom('planned_tasks as pt')
    .innerJoin('tasks as t', 't.id', 'pt.task_id')
    .select([...TASK_COLUMNS, 'pt.position as planned_position'])
    .where('pt.workspace_id', '=', workspaceId)
    .orderBy('pt.position')
    .orderBy('pt.task_id')
    .execute();
}

/** Open automation tasks of the workspace (the planned list brings the completed ones). */
export function openAutomationTasks(db: Db, workspaceId: string) {
  return db
    .selectFrom('tasks as t')
    .select(TASK_COLUMNS)
    .where('t.workspace_id', '=', workspaceId)
    .where('t.automation_id', 'is not', null)
    .where('t.completed_at', 'is', null)
    .orderBy('t.position')
    .execute();
}
