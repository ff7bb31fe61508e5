import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import type {
  AutomationRunsTable,
  AutomationsTable,
  ChecklistItemsTable,
  DayReviewsTable,
  PlannedTasksTable,
  ProjectsTable,
  TasksTable,
  TimeEntriesTable,
  WorkspaceProjectsTable,
} from '../../db/schema.ts';
import { TASK_COLUMNS, type PageStart } from '../../db/task-columns.ts';

/** Keeps each insert's bound parameters well under both databases' limits. */
const ROWS_PER_INSERT = 200;

/**
 * Between two chunks the event loop gets a turn: better-sqlite3 runs each insert on it, and a
 * large import's inserts in one go held every other request for seconds (decision 045).
 */
async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    if (start > 0) await nextTurn();
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

// ---- What an export reads --------------------------------------------------------------------

/** A workspace's ended time entries on some tasks, oldest first (version 3, decision 078). */
export async function timeEntriesOf(db: Db, workspaceId: string, taskIds: string[]) {
  if (taskIds.length === 0) return [];
  const rows = await db
    .selectFrom('time_entries')
    .select(['task_id', 'started_at', 'ended_at'])
    .where('workspace_id', '=', workspaceId)
    .where('task_id', 'in', taskIds)
    .where('ended_at', 'is not', null)
    .orderBy('task_id')
    .orderBy('started_at')
    .orderBy('id')
    .execute();
  return rows as { task_id: string; started_at: string; ended_at: string }[];
}

/** The projects the workspace owns, archived ones too, in its own order. */
export function ownedProjects(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspace_projects as wp')
    .innerJoin('projects as p', 'p.id', 'wp.project_id')
    .select(['p.id', 'p.name', 'p.color', 'p.archived_at', 'p.created_at'])
    .where('wp.workspace_id', '=', workspaceId)
    .where('p.owner_workspace_id', '=', workspaceId)
    .orderBy('wp.position')
    .orderBy('p.id')
    .execute();
}

/** Others' projects the workspace is a member of: only their names and owners. */
export function memberProjects(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspace_projects as wp')
    .innerJoin('projects as p', 'p.id', 'wp.project_id')
    .innerJoin('workspaces as ow', 'ow.id', 'p.owner_workspace_id')
    .innerJoin('users as owner', 'owner.id', 'ow.owner_user_id')
    .select(['p.name', 'owner.email as owner_email'])
    .where('wp.workspace_id', '=', workspaceId)
    .where('p.owner_workspace_id', '!=', workspaceId)
    .orderBy('wp.position')
    .orderBy('p.id')
    .execute();
}

/** A list of tasks an export reads: a project's, or the workspace's inbox or automation tasks. */
export type TaskList = { projectId: string } | { workspaceId: string; isAutomationTask: boolean };

/**
 * Up to `limit` tasks of the list, completed ones too, in its order and after `start` when
 * given: an export reads a list a page at a time (decision 045), each page from the list's index.
 */
export function taskPage(db: Db, list: TaskList, start: PageStart | null, limit: number) {
  const tasks = db.selectFrom('tasks as t').select(TASK_COLUMNS);
  const ofList =
    'projectId' in list
      ? tasks.where('t.project_id', '=', list.projectId)
      : tasks
          .where('t.workspace_id', '=', list.workspaceId)
          .where('t.automation_id', list.isAutomationTask ? 'is not' : 'is', null);
  return ofList
    .$if(start !== null, (qb) =>
      qb.where((eb) =>
        eb(eb.refTuple('t.position', 't.id'), '>', eb.tuple(start!.position, start!.id)),
      ),
    )
    .orderBy('t.position')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

/** The notes of the tasks that have any (a page's at most). */
export async function notesOf(db: Db, taskIds: string[]) {
  if (taskIds.length === 0) return [];
  return db.selectFrom('tasks').select(['id', 'notes']).where('id', 'in', taskIds).execute();
}

/** The checklist items of the tasks (a page's at most), each task's in its order. */
export async function checklistsOf(db: Db, taskIds: string[]) {
  if (taskIds.length === 0) return [];
  return db
    .selectFrom('checklist_items')
    .select(['task_id', 'name', 'done_at', 'created_at'])
    .where('task_id', 'in', taskIds)
    .orderBy('task_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The automations' runs, each automation's by period. */
export async function runsOf(db: Db, automationIds: string[]) {
  if (automationIds.length === 0) return [];
  return db
    .selectFrom('automation_runs')
    .selectAll()
    .where('automation_id', 'in', automationIds)
    .orderBy('automation_id')
    .orderBy('period')
    .execute();
}

/** Up to `limit` rows of the workspace's Execute list, in order, after `start` when given. */
export function plannedPage(db: Db, workspaceId: string, start: PageStart | null, limit: number) {
  return db
    .selectFrom('planned_tasks')
    .select(['task_id', 'position', 'day', 'carried'])
    .where('workspace_id', '=', workspaceId)
    .$if(start !== null, (qb) =>
      qb.where((eb) =>
        eb(eb.refTuple('position', 'task_id'), '>', eb.tuple(start!.position, start!.id)),
      ),
    )
    .orderBy('position')
    .orderBy('task_id')
    .limit(limit)
    .execute();
}

// ---- What an import counts and writes ---------------------------------------------------------

export async function insertProjects(
  db: Db,
  projects: ProjectsTable[],
  memberships: WorkspaceProjectsTable[],
) {
  await insertInChunks(projects, (chunk) => db.insertInto('projects').values(chunk).execute());
  await insertInChunks(memberships, (chunk) =>
    db.insertInto('workspace_projects').values(chunk).execute(),
  );
}

export async function insertTasks(db: Db, tasks: TasksTable[]) {
  await insertInChunks(tasks, (chunk) => db.insertInto('tasks').values(chunk).execute());
}

export async function insertTimeEntries(db: Db, entries: TimeEntriesTable[]) {
  await insertInChunks(entries, (chunk) => db.insertInto('time_entries').values(chunk).execute());
}

export async function insertAutomations(
  db: Db,
  automations: AutomationsTable[],
  runs: AutomationRunsTable[],
) {
  await insertInChunks(automations, (chunk) =>
    db.insertInto('automations').values(chunk).execute(),
  );
  await insertInChunks(runs, (chunk) => db.insertInto('automation_runs').values(chunk).execute());
}

export async function insertChecklistItems(db: Db, items: ChecklistItemsTable[]) {
  await insertInChunks(items, (chunk) => db.insertInto('checklist_items').values(chunk).execute());
}

export async function insertPlanned(db: Db, rows: PlannedTasksTable[]) {
  await insertInChunks(rows, (chunk) => db.insertInto('planned_tasks').values(chunk).execute());
}

/** The days the workspace finished, oldest first (issue 30). */
export function dayReviewsOf(db: Db, workspaceId: string) {
  return db
    .selectFrom('day_reviews')
    .select(['day', 'finished_at', 'note'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('day')
    .execute();
}

/** Finished days brought in; a day the account finished itself keeps its own note. */
export async function insertDayReviews(db: Db, rows: DayReviewsTable[]) {
  await insertInChunks(rows, (chunk) =>
    db
      .insertInto('day_reviews')
      .values(chunk)
      .onConflict((oc) => oc.columns(['workspace_id', 'day']).doNothing())
      .execute(),
  );
}
