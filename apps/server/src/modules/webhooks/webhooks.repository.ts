import type { Db, DialectName } from '../../db/database.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.ts';

export async function insertEndpoint(db: Db, row: WebhookEndpointsTable): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export function listEndpointsOf(db: Db, userId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countEndpointsOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function findEndpointOf(db: Db, userId: string, endpointId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', endpointId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findEndpoint(db: Db, endpointId: string) {
  return db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .selectAll('e')
    .select('u.email')
    .where('e.id', '=', endpointId)
    .executeTakeFirst();
}

export async function updateEndpoint(
  db: Db,
  endpointId: string,
  changes: Partial<
    Pick<WebhookEndpointsTable, 'events' | 'enabled' | 'disabled_reason' | 'failing_since'>
  >,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(changes).where('id', '=', endpointId).execute();
}

export async function deleteEndpointOf(db: Db, userId: string, endpointId: string) {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', endpointId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The enabled endpoints of the owners of the workspaces, with the workspace each one owns. */
export function watchingEndpoints(db: Db, workspaceIds: string[]) {
  return db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('workspaces as w', 'w.owner_user_id', 'e.user_id')
    .select(['e.id', 'e.events', 'w.id as workspace_id'])
    .where('w.id', 'in', workspaceIds)
    .where('e.enabled', '=', 1)
    .execute();
}

export function tasksByIds(db: Db, ids: string[]) {
  return db
    .selectFrom('tasks')
    .select([
      'id',
      'name',
      'workspace_id',
      'project_id',
      'automation_id',
      'deadline',
      'created_at',
      'updated_at',
      'completed_at',
    ])
    .where('id', 'in', ids)
    .execute();
}

export function plannedDays(db: Db, workspaceIds: string[], taskIds: string[]) {
  return db
    .selectFrom('planned_tasks')
    .select(['workspace_id', 'task_id', 'day'])
    .where('workspace_id', 'in', workspaceIds)
    .where('task_id', 'in', taskIds)
    .execute();
}

export function projectsByIds(db: Db, ids: string[]) {
  return db
    .selectFrom('projects')
    .select(['id', 'name', 'color', 'archived_at', 'created_at', 'updated_at'])
    .where('id', 'in', ids)
    .execute();
}

/** The runs that made these tasks, with their automation's name. */
export function runsByTasks(db: Db, taskIds: string[]) {
  return db
    .selectFrom('automation_runs as r')
    .innerJoin('tasks as t', 't.id', 'r.task_id')
    .innerJoin('automations as a', 'a.id', 'r.automation_id')
    .select(['r.automation_id', 'r.period', 'r.task_id', 'a.name', 't.name as task_name'])
    .where('r.task_id', 'in', taskIds)
    .execute();
}

/** Rows per insert: well within SQLite's limit of bound values per statement. */
const ROWS_PER_INSERT = 500;

export async function insertDeliveries(db: Db, rows: WebhookDeliveriesTable[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}

export function deliveriesOf(db: Db, endpointId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findDelivery(db: Db, endpointId: string, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
}

/** Due now: pending, with its attempt time come and no live lease. */
export async function redeliver(db: Db, deliveryId: string, now: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, attempts: 0 })
    .where('id', '=', deliveryId)
    .execute();
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints for `until`, marking them with
 * `claim`, in one statement: PostgreSQL skips rows another worker is claiming, and a claim whose
 * lease ran out (its worker died) is due again. Answers the claimed rows.
 */
export async function claimDue(
  db: Db,
  dialect: DialectName,
  claim: { token: string; now: string; until: string; limit: number },
) {
  const due = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', claim.now)
    .where('e.enabled', '=', 1)
    .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<=', claim.now)]))
    .orderBy('d.next_attempt_at')
    .limit(claim.limit);
  const picked = dialect === 'postgres' ? due.forUpdate('d').skipLocked() : due;
  return db
    .updateTable('webhook_deliveries')
    .set({ lease_until: claim.until, claim: claim.token })
    .where('id', 'in', picked)
    .returningAll()
    .execute();
}

/** Records an attempt's outcome, only while the claim is still this worker's. */
export async function recordAttempt(
  db: Db,
  deliveryId: string,
  claim: string,
  outcome: Pick<
    WebhookDeliveriesTable,
    | 'status'
    | 'attempts'
    | 'next_attempt_at'
    | 'last_attempt_at'
    | 'status_code'
    | 'duration_ms'
    | 'error'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ ...outcome, lease_until: null, claim: null })
    .where('id', '=', deliveryId)
    .where('claim', '=', claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks an endpoint failing since `at` unless it already is. */
export async function markFailing(db: Db, endpointId: string, at: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: at })
    .where('id', '=', endpointId)
    .where('failing_since', 'is', null)
    .execute();
}

/** Turns an endpoint failing since before `before` off; whether this call did it. */
export async function disableIfFailingSince(db: Db, endpointId: string, before: string) {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: 'failing' })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .where('failing_since', '<=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deliveries done with (delivered or given up) before `before` leave the log. */
export async function pruneDeliveriesBefore(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('webhook_deliveries')
    .where('status', '!=', 'pending')
    .where('created_at', '<', before)
    .execute();
}
