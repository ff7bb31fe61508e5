import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import {
  afterRow,
  PLAN_MARK_COLUMNS,
  projectSection,
  TASK_COLUMNS,
  type PageStart,
} from '../../db/task-columns.ts';

/**
 * The read model's own queries: what the Plan and Execute screens show, read across the
 * tables the write path keeps (tasks, planned lists, projects).
 */

/** Projects per statement of the card read (SQLite allows 500 terms in a compound select). */
const PROJECTS_PER_STATEMENT = 200;

/**
 * The card read's shapes, by how many projects a statement reads: each is built once, and a
 * chunk is padded up to the next size with ids no project has (each costs one index probe that
 * finds nothing). Building the union through Kysely anew took 0.4 ms at 20 projects and 5.4 ms
 * at 200, on the event loop, more than SQLite needed to read the cards.
 */
const UNION_SIZES = [1, 2, 4, 8, 16, 32, 64, 128, PROJECTS_PER_STATEMENT];
const NO_PROJECT = '';

const firstOpenUnions = new Map(
  UNION_SIZES.map((size) => [
    size,
    compiledOnce((db, workspaceId: string, limit: number, ...projectIds: string[]) => {
      const [first, ...rest] = projectIds.map((projectId, index) =>
        projectSection(db, workspaceId, projectId, {
          isDone: false,
          start: null,
          limit,
          alias: `p${index}`,
        }),
      );
      return rest.reduce((query, next) => query.unionAll(next), first!);
    }),
  ]),
);

/**
 * The first `limit` open tasks of each project; `planned_task_id` is set on those on the
 * Execute list of `workspaceId`. One statement per 200 projects: each project's rows are read
 * from the open-task index and the read stops at its limit, so the cost follows the cards
 * shown, not the tasks the projects hold (a window over every open task took 55 ms at 9,000).
 */
export async function firstOpenTasksOfProjects(
  db: Db,
  workspaceId: string,
  projectIds: string[],
  limit: number,
) {
  const rows = [];
  for (let start = 0; start < projectIds.length; start += PROJECTS_PER_STATEMENT) {
    const chunk = projectIds.slice(start, start + PROJECTS_PER_STATEMENT);
    const size = UNION_SIZES.find((candidate) => candidate >= chunk.length)!;
    const padded = [...chunk, ...Array<string>(size - chunk.length).fill(NO_PROJECT)];
    rows.push(...(await firstOpenUnions.get(size)!(db, workspaceId, limit, ...padded)));
  }
  return rows;
}

/**
 * Up to `limit` open inbox tasks (no automation) of a workspace, in order, after `start`;
 * `planned_task_id` is set on those on its Execute list.
 */
export function openInboxTasks(
  db: Db,
  workspaceId: string,
  limit: number,
  start: PageStart | null,
) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('planned_tasks as pt', (join) =>
      join.onRef('pt.task_id', '=', 't.id').on('pt.workspace_id', '=', workspaceId),
    )
    .select([...TASK_COLUMNS, ...PLAN_MARK_COLUMNS])
    .where('t.workspace_id', '=', workspaceId)
    .where('t.automation_id', 'is', null)
    .where('t.completed_at', 'is', null)
    .$if(start !== null, (qb) => qb.where(afterRow('t.position', 't.id', start!)))
    .orderBy('t.position')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

/** How many open tasks the inbox holds. */
export async function countOpenInboxTasks(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('tasks as t')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('t.workspace_id', '=', workspaceId)
    .where('t.automation_id', 'is', null)
    .where('t.completed_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Open and completed tasks on the workspace's Execute list. */
export async function countPlannedList(db: Db, workspaceId: string) {
  const row = await db
    .selectFrom('planned_tasks as pt')
    .innerJoin('tasks as t', 't.id', 'pt.task_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('all'),
      eb.fn.count<number | string>('t.completed_at').as('completed'),
    ])
    .where('pt.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  const completed = Number(row?.completed ?? 0);
  return { open: Number(row?.all ?? 0) - completed, completed };
}

/** Every task on the workspace's Execute list, in the list's order. */
export function plannedListTasks(db: Db, workspaceId: string) {
  return plannedListPage(db, workspaceId, null, null);
}

/** Up to `limit` tasks of the workspace's Execute list after `start`, in the list's order. */
export function plannedListPage(
  db: Db,
  workspaceId: string,
  limit: number | null,
  start: PageStart | null,
) {
  return db
    .selectFrom('planned_tasks as pt')
    .innerJoin('tasks as t', 't.id', 'pt.task_id')
    .select([
      ...TASK_COLUMNS,
      'pt.position as planned_position',
      'pt.day as planned_day',
      'pt.carried as planned_carried',
    ])
    .where('pt.workspace_id', '=', workspaceId)
    .$if(start !== null, (qb) => qb.where(afterRow('pt.position', 'pt.task_id', start!)))
    .orderBy('pt.position')
    .orderBy('pt.task_id')
    .$if(limit !== null, (qb) => qb.limit(limit!))
    .execute();
}

/**
 * Open automation tasks of the workspace (the planned list brings the completed ones);
 * `planned_task_id` is set on those on its Execute list.
 */
export function openAutomationTasks(db: Db, workspaceId: string) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('planned_tasks as pt', (join) =>
      join.onRef('pt.task_id', '=', 't.id').on('pt.workspace_id', '=', workspaceId),
    )
    .select([...TASK_COLUMNS, ...PLAN_MARK_COLUMNS])
    .where('t.workspace_id', '=', workspaceId)
    .where('t.automation_id', 'is not', null)
    .where('t.completed_at', 'is', null)
    .orderBy('t.position')
    .execute();
}
