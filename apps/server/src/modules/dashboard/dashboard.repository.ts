import type { Db } from '../../db/database.ts';
import { TASK_COLUMNS } from '../../db/task-columns.ts';

/**
 * The read model's own queries: what the Plan and Execute screens show, read across the
 * tables the write path keeps (tasks, planned lists, projects).
 */

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
