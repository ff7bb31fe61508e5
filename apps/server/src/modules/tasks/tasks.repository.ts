import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { TasksTable } from '../../db/schema.ts';
import {
  PLAN_MARK_COLUMNS,
  projectSection,
  TASK_COLUMNS,
  type PageStart,
} from '../../db/task-columns.ts';

export type TaskRow = TasksTable;

// Every create writes one: built once (issue 12).
const insertTaskRow = compiledOnce(
  (
    db,
    id: string,
    workspaceId: string | null,
    projectId: string | null,
    automationId: string | null,
    name: string,
    position: string,
    createdAt: string,
    updatedAt: string,
    completedAt: string | null,
  ) =>
    db.insertInto('tasks').values({
      id,
      workspace_id: workspaceId,
      project_id: projectId,
      automation_id: automationId,
      name,
      position,
      created_at: createdAt,
      updated_at: updatedAt,
      completed_at: completedAt,
    }),
);

export async function insertTask(db: Db, row: TaskRow): Promise<void> {
  await insertTaskRow(
    db,
    row.id,
    row.workspace_id,
    row.project_id,
    row.automation_id,
    row.name,
    row.position,
    row.created_at,
    row.updated_at,
    row.completed_at,
  );
}

// Every task command looks its task up: built once (issue 12). Its place on the workspace's
// Execute list comes with it, which most commands read next (one round trip fewer, issue 34).
const visibleTask = compiledOnce((db, taskId: string, workspaceId: string) =>
  db
    .selectFrom('tasks as t')
    .leftJoin('projects as p', 'p.id', 't.project_id')
    .leftJoin('planned_tasks as pt', (join) =>
      join.onRef('pt.task_id', '=', 't.id').on('pt.workspace_id', '=', workspaceId),
    )
    .select([
      ...TASK_COLUMNS,
      'p.archived_at as project_archived_at',
      'p.owner_workspace_id',
      ...PLAN_MARK_COLUMNS,
      'pt.position as planned_position',
    ])
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
    ),
);

/**
 * The task if the workspace may see it: its own inbox or automation task, or a task of a
 * project that shows in the workspace. Comes with its project's state and its place on the
 * workspace's Execute list (`planned_task_id` null when it is not on it).
 */
export async function findTaskForWorkspace(db: Db, taskId: string, workspaceId: string) {
  return (await visibleTask(db, taskId, workspaceId))[0];
}

export async function updateTask(
  db: Db,
  taskId: string,
  changes: Partial<
    Pick<
      TasksTable,
      | 'name'
      | 'completed_at'
      | 'completed_by'
      | 'updated_at'
      | 'deadline'
      | 'estimate_minutes'
      | 'remind_at'
      | 'remind_workspace_id'
    >
  >,
): Promise<void> {
  await db.updateTable('tasks').set(changes).where('id', '=', taskId).execute();
}

export async function deleteTask(db: Db, taskId: string): Promise<void> {
  await db.deleteFrom('tasks').where('id', '=', taskId).execute();
}

// Every create reads the list's size and last position: built once per kind of list (issue 12).
const lastPositionIn = (column: 'project_id' | 'workspace_id') =>
  compiledOnce((db, id: string) =>
    db
      .selectFrom('tasks')
      .select('position')
      .where(column, '=', id)
      .orderBy('position', 'desc')
      .limit(1),
  );
const lastPositionInProject = lastPositionIn('project_id');
const lastPositionInInbox = lastPositionIn('workspace_id');
/** Migration 0034's triggers keep each list's size, so a create reads one row, not the list. */
const sizeOfList = compiledOnce((db, listId: string) =>
  db.selectFrom('task_list_sizes').select('tasks').where('list_id', '=', listId),
);

export async function lastTaskPosition(
  db: Db,
  home: { projectId: string } | { workspaceId: string },
): Promise<string | null> {
  const [row] =
    'projectId' in home
      ? await lastPositionInProject(db, home.projectId)
      : await lastPositionInInbox(db, home.workspaceId);
  return row?.position ?? null;
}

/**
 * The first `limit` open tasks of a project in order, each with `planned_task_id` set when it
 * is on the Execute list of `workspaceId`; read from the open-task index, stopped at `limit`.
 */
export const firstOpenTasksOfProject = compiledOnce(
  (db, workspaceId: string, projectId: string, limit: number) =>
    projectSection(db, workspaceId, projectId, {
      isDone: false,
      start: null,
      limit,
      alias: 'open',
    }),
);

/** Where a page of a project's tasks starts: after this task of this section. */
export interface ProjectTaskPageStart extends PageStart {
  isDone: boolean;
}

// The detail modal reads a page on every open and scroll: each of its three shapes is built
// once (issue 12; building one through Kysely cost more than SQLite's reading of 25 rows).
const open = (start: PageStart | null, limit: number) =>
  ({ isDone: false, start, limit, alias: 'open' }) as const;
const done = (start: PageStart | null, limit: number) =>
  ({ isDone: true, start, limit, alias: 'done' }) as const;
const firstProjectPage = compiledOnce((db, workspaceId: string, projectId: string, limit: number) =>
  projectSection(db, workspaceId, projectId, open(null, limit)).unionAll(
    projectSection(db, workspaceId, projectId, done(null, limit)),
  ),
);
const projectPageAfterOpen = compiledOnce(
  (db, workspaceId: string, projectId: string, position: string, id: string, limit: number) =>
    projectSection(db, workspaceId, projectId, open({ position, id }, limit)).unionAll(
      projectSection(db, workspaceId, projectId, done(null, limit)),
    ),
);
// Past the open tasks already: only completed ones follow.
const projectPageAfterDone = compiledOnce(
  (db, workspaceId: string, projectId: string, position: string, id: string, limit: number) =>
    projectSection(db, workspaceId, projectId, done({ position, id }, limit)),
);

/**
 * The next `limit` tasks of a project after `start` in the order the detail modal reads them:
 * open ones by position, then completed ones by position (decision 035); each with
 * `planned_task_id` set when it is on the Execute list of `workspaceId`. One statement: up to
 * `limit` rows of each section, each read from its own partial index and stopped at the limit,
 * so a page costs the same in a project of 10 tasks as in one of 5,000. The caller puts the
 * open rows first.
 */
export async function projectTasksAfter(
  db: Db,
  workspaceId: string,
  projectId: string,
  start: ProjectTaskPageStart | null,
  limit: number,
) {
  if (start === null) return firstProjectPage(db, workspaceId, projectId, limit);
  const after = start.isDone ? projectPageAfterDone : projectPageAfterOpen;
  return after(db, workspaceId, projectId, start.position, start.id, limit);
}

/** How many tasks a list holds, completed ones included: the inbox or a project. */
export async function countTasksIn(
  db: Db,
  home: { projectId: string } | { workspaceId: string },
): Promise<number> {
  const [row] = await sizeOfList(db, 'projectId' in home ? home.projectId : home.workspaceId);
  return Number(row?.tasks ?? 0);
}

/**
 * Open tasks of each project, and the tasks of it that `workspaceId` completed (spec §2: the
 * card's 'You have completed N task(s)' is its reader's own). Both counts are read from indexes
 * alone (the open-task index; project and completer), never from the task rows.
 */
export async function taskCountsOfProjects(db: Db, workspaceId: string, projectIds: string[]) {
  if (projectIds.length === 0) return [];
  const rows = await db
    .selectFrom('tasks as t')
    .select((eb) => [
      't.project_id',
      eb
        .selectFrom('tasks as o')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('o.project_id', '=', 't.project_id')
        .where('o.completed_at', 'is', null)
        .as('open'),
      eb
        .selectFrom('tasks as c')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('c.project_id', '=', 't.project_id')
        .where('c.completed_by', '=', workspaceId)
        .as('completed'),
    ])
    .where('t.project_id', 'in', projectIds)
    .groupBy('t.project_id')
    .execute();
  return rows.map((row) => ({
    project_id: row.project_id,
    open: Number(row.open ?? 0),
    completed: Number(row.completed ?? 0),
  }));
}

/** The tasks with these ids, whoever's they are: callers decide what the viewer may see. */
export async function findTasks(db: Db, taskIds: string[]) {
  if (taskIds.length === 0) return [];
  return db.selectFrom('tasks as t').select(TASK_COLUMNS).where('t.id', 'in', taskIds).execute();
}
