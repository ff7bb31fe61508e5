import type { Db } from '../../db/database.ts';
import type { AutomationRunsTable, AutomationsTable } from '../../db/schema.ts';

export function listAutomations(db: Db, workspaceId: string) {
  return db
    .selectFrom('automations')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countAutomations(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('automations')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAutomation(db: Db, row: AutomationsTable): Promise<void> {
  await db.insertInto('automations').values(row).execute();
}

export function findAutomation(db: Db, id: string, workspaceId: string) {
  return db
    .selectFrom('automations')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

export async function deleteAutomation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('automations').where('id', '=', id).execute();
}

export async function updateAutomation(
  db: Db,
  id: string,
  changes: Partial<Omit<AutomationsTable, 'id' | 'workspace_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('automations').set(changes).where('id', '=', id).execute();
}

const AUTOMATION_COLUMNS = [
  'a.id',
  'a.workspace_id',
  'a.name',
  'a.frequency',
  'a.day_of_month',
  'a.weekdays',
  'a.rule',
  'a.project_id',
  'a.paused_at',
  'a.scheduled_from',
  'a.task_name',
  'a.created_at',
  'u.timezone',
] as const;

/** One automation of the workspace with its owner's time zone. */
export function findScheduledAutomation(db: Db, id: string, workspaceId: string) {
  return db
    .selectFrom('automations as a')
    .innerJoin('workspaces as w', 'w.id', 'a.workspace_id')
    .innerJoin('users as u', 'u.id', 'w.owner_user_id')
    .select(AUTOMATION_COLUMNS)
    .where('a.id', '=', id)
    .where('a.workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/**
 * Runs with their task as it is now: its name, whether it is done, whether it is planned (in the
 * automation's workspace, where automation tasks are planned).
 */
function runsWithTasks(db: Db) {
  return db
    .selectFrom('automation_runs as r')
    .innerJoin('automations as ra', 'ra.id', 'r.automation_id')
    .leftJoin('tasks as t', 't.id', 'r.task_id')
    .leftJoin('planned_tasks as p', (join) =>
      join.onRef('p.task_id', '=', 't.id').onRef('p.workspace_id', '=', 'ra.workspace_id'),
    )
    .select([
      'r.automation_id',
      'r.period',
      'r.status',
      'r.task_id',
      'r.created_at',
      't.id as existing_task_id',
      't.name as task_name',
      't.completed_at',
      'p.task_id as planned_task_id',
    ]);
}

/**
 * Every automation (of one workspace, or all) with its owner's time zone and its runs from the
 * period `since` on (later ones are skipped coming runs).
 */
export async function automationsWithRuns(db: Db, since: string, workspaceId?: string) {
  const automations = await db
    .selectFrom('automations as a')
    .innerJoin('workspaces as w', 'w.id', 'a.workspace_id')
    .innerJoin('users as u', 'u.id', 'w.owner_user_id')
    .select(AUTOMATION_COLUMNS)
    .$if(workspaceId !== undefined, (qb) => qb.where('a.workspace_id', '=', workspaceId!))
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  if (automations.length === 0) return [];
  const runs = await runsWithTasks(db)
    .where(
      'r.automation_id',
      'in',
      automations.map((a) => a.id),
    )
    .where('r.period', '>=', since)
    .execute();
  return automations.map((automation) => ({
    ...automation,
    runs: runs.filter((run) => run.automation_id === automation.id),
  }));
}

/** An automation's runs, newest period first. */
export function runHistory(db: Db, automationId: string, limit: number) {
  return runsWithTasks(db)
    .where('r.automation_id', '=', automationId)
    .orderBy('r.period', 'desc')
    .limit(limit)
    .execute();
}

export function findRun(db: Db, automationId: string, period: string) {
  return db
    .selectFrom('automation_runs')
    .selectAll()
    .where('automation_id', '=', automationId)
    .where('period', '=', period)
    .executeTakeFirst();
}

/** Claims the month's run; false when another process already holds it (the unique key decides). */
export async function claimRun(
  db: Db,
  row: Omit<AutomationRunsTable, 'task_id' | 'error'>,
): Promise<boolean> {
  const result = await db
    .insertInto('automation_runs')
    .values({ ...row, task_id: null, error: null })
    .onConflict((oc) => oc.columns(['automation_id', 'period']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Takes over a failed run for a retry; false when another process took it first. */
export async function reclaimFailedRun(
  db: Db,
  automationId: string,
  period: string,
): Promise<boolean> {
  const result = await db
    .updateTable('automation_runs')
    .set({ status: 'CREATED', error: null })
    .where('automation_id', '=', automationId)
    .where('period', '=', period)
    .where('status', '=', 'ERROR')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function setRunTask(db: Db, automationId: string, period: string, taskId: string) {
  await db
    .updateTable('automation_runs')
    .set({ task_id: taskId })
    .where('automation_id', '=', automationId)
    .where('period', '=', period)
    .execute();
}

export async function recordRunError(
  db: Db,
  automationId: string,
  period: string,
  error: string,
  now: string,
) {
  await db
    .insertInto('automation_runs')
    .values({
      automation_id: automationId,
      period,
      task_id: null,
      status: 'ERROR',
      error,
      created_at: now,
    })
    .onConflict((oc) =>
      // A run another process made, or one the user skipped, stays as it is.
      oc
        .columns(['automation_id', 'period'])
        .doUpdateSet({ status: 'ERROR', error })
        .where('automation_runs.status', '=', 'ERROR'),
    )
    .execute();
}

export function findAutomations(db: Db, ids: string[], workspaceId: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('automations')
    .selectAll()
    .where('id', 'in', ids)
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/** Drops a skip; false when there was none (the run stays as it is). */
export async function deleteSkippedRun(db: Db, automationId: string, period: string) {
  const result = await db
    .deleteFrom('automation_runs')
    .where('automation_id', '=', automationId)
    .where('period', '=', period)
    .where('status', '=', 'SKIPPED')
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}
