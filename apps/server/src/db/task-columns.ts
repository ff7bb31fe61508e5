import type { ExpressionBuilder } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/** Every column of a task row, selected from `tasks as t`: the write side and the read model share it. */
export const TASK_COLUMNS = [
  't.id',
  't.workspace_id',
  't.project_id',
  't.automation_id',
  't.name',
  't.position',
  't.created_at',
  't.updated_at',
  't.completed_at',
  't.completed_by',
  't.deadline',
  't.has_notes',
  't.checklist_total',
  't.checklist_done',
  't.estimate_minutes',
  't.remind_at',
  't.remind_workspace_id',
  't.actual_seconds',
] as const;

/**
 * Whether a task read with `planned_tasks as pt` left-joined is on that workspace's list, and
 * for which day (issue 29): `planned_task_id` is null when it is not.
 */
export const PLAN_MARK_COLUMNS = [
  'pt.task_id as planned_task_id',
  'pt.day as planned_day',
  'pt.carried as planned_carried',
] as const;

/**
 * The tasks of a project as `t`, each with `planned_task_id` set when it is on the Execute list
 * of `workspaceId`: the project cards' first open tasks and a project's task pages both read it.
 */
export function projectTasksWithPlanMark(db: Db, workspaceId: string, projectId: string) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('planned_tasks as pt', (join) =>
      join.onRef('pt.task_id', '=', 't.id').on('pt.workspace_id', '=', workspaceId),
    )
    .select([...TASK_COLUMNS, ...PLAN_MARK_COLUMNS])
    .where('t.project_id', '=', projectId);
}

/** Where a page of a list starts: after the row at this position key (ties broken by id). */
export interface PageStart {
  position: string;
  id: string;
}

/**
 * Up to `limit` tasks of one section of a project, open or completed, in (position, id) order
 * and after `start` when given, as a subquery named `alias`: each section is read from its own
 * partial index and the read stops at the limit. Project pages put two side by side, the
 * project cards one per project.
 */
export function projectSection(
  db: Db,
  workspaceId: string,
  projectId: string,
  section: { isDone: boolean; start: PageStart | null; limit: number; alias: string },
) {
  const { isDone, start, limit, alias } = section;
  return db
    .selectFrom(() =>
      projectTasksWithPlanMark(db, workspaceId, projectId)
        .where('t.completed_at', isDone ? 'is not' : 'is', null)
        .$if(start !== null, (qb) => qb.where(afterRow('t.position', 't.id', start!)))
        .orderBy('t.position')
        .orderBy('t.id')
        .limit(limit)
        .as(alias),
    )
    .selectAll();
}

type TasksAndPlanned = Database & { t: Database['tasks']; pt: Database['planned_tasks'] };

/**
 * Rows after `start` in (position, id) order, as one row comparison: both databases start
 * reading an index on (…, position, id) at `start`, where `position > x or (position = x and
 * id > y)` made PostgreSQL read every row before it, so a later page cost more than the first.
 */
export const afterRow =
  (position: 't.position' | 'pt.position', id: 't.id' | 'pt.task_id', start: PageStart) =>
  (eb: ExpressionBuilder<TasksAndPlanned, 't' | 'pt'>) =>
    eb(eb.refTuple(position, id), '>', eb.tuple(start.position, start.id));
