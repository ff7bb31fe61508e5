import type { Db } from '../../db/database.ts';
import type {
  AutomationRunsTable,
  AutomationsTable,
  PlannedTasksTable,
  ProjectsTable,
  TasksTable,
  WorkspaceProjectsTable,
} from '../../db/schema.ts';
import { TASK_COLUMNS } from '../../db/task-columns.ts';

/** Keeps each insert's bound parameters well under both databases' limits. */
const ROWS_PER_INSERT = 200;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

// ---- What an export reads --------------------------------------------------------------------

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

/** Every task of the projects, completed ones too, each project's in its order. */
export async function tasksOfProjects(db: Db, projectIds: string[]) {
  if (projectIds.length === 0) return [];
  return db
    .selectFrom('tasks as t')
    .select(TASK_COLUMNS)
    .where('t.project_id', 'in', projectIds)
    .orderBy('t.project_id')
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
}

/** The workspace's own tasks (inbox and automation tasks), completed ones too, in order. */
export function workspaceTasks(db: Db, workspaceId: string) {
  return db
    .selectFrom('tasks as t')
    .select(TASK_COLUMNS)
    .where('t.workspace_id', '=', workspaceId)
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
}

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

/** The workspace's Execute list in order. */
export function plannedList(db: Db, workspaceId: string) {
  return db
    .selectFrom('planned_tasks')
    .select(['task_id', 'position'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('position')
    .orderBy('task_id')
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

export async function insertPlanned(db: Db, rows: PlannedTasksTable[]) {
  await insertInChunks(rows, (chunk) => db.insertInto('planned_tasks').values(chunk).execute());
}
