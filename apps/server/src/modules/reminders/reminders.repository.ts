import type { Db } from '../../db/database.ts';
import type { PushSubscriptionsTable, ReminderFiringsTable } from '../../db/schema.ts';

/** A stored key by name; undefined until one is made. */
export async function findServerKey(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_keys')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/** Keeps `value` unless a key of that name exists (another instance made one first). */
export async function insertServerKeyOnce(db: Db, name: string, value: string, now: string) {
  await db
    .insertInto('server_keys')
    .values({ name, value, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** The browser now receives this user's reminders (a browser another user had moves over). */
export async function saveSubscription(db: Db, row: PushSubscriptionsTable): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth }),
    )
    .execute();
}

/** Removes the user's subscription at `endpoint`; another user's stays. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .execute();
}

/** The push service says the subscription is gone (404/410): nobody's any more. */
export async function deleteGoneSubscription(db: Db, endpoint: string) {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** The browsers of the workspace's owner. */
export async function subscriptionsOfWorkspace(db: Db, workspaceId: string) {
  return db
    .selectFrom('push_subscriptions as s')
    .innerJoin('workspaces as w', 'w.owner_user_id', 's.user_id')
    .select(['s.endpoint', 's.p256dh', 's.auth'])
    .where('w.id', '=', workspaceId)
    .orderBy('s.created_at')
    .execute();
}

/**
 * Task reminders due by `now` (and not before `since`, when given) that no scheduler has fired or
 * dropped yet, oldest first. Only those whose workspace still sees the task: the same rule as
 * every task read's (its own inbox, or a project it shows), so a member who left a shared project,
 * or an erased account, is not reminded of it.
 */
export async function dueTaskReminders(
  db: Db,
  window: { now: string; since: string | null },
  limit: number,
) {
  let query = db
    .selectFrom('tasks as t')
    .select(['t.id', 't.name', 't.remind_at', 't.remind_workspace_id'])
    .where('t.remind_at', 'is not', null)
    .where('t.remind_at', '<=', window.now)
    .where('t.completed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('t.workspace_id', '=', eb.ref('t.remind_workspace_id')),
        eb.exists(
          eb
            .selectFrom('workspace_projects as wp')
            .select('wp.project_id')
            .whereRef('wp.workspace_id', '=', 't.remind_workspace_id')
            .whereRef('wp.project_id', '=', 't.project_id'),
        ),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminder_firings as f')
            .select('f.subject_id')
            .where('f.kind', '=', 'task')
            .whereRef('f.subject_id', '=', 't.id')
            .whereRef('f.due_at', '=', 't.remind_at'),
        ),
      ),
    );
  if (window.since !== null) query = query.where('t.remind_at', '>=', window.since);
  return query.orderBy('t.remind_at').limit(limit).execute();
}

/**
 * Claims a reminder for this scheduler: true for exactly one of several racing, whose outcome is
 * then recorded with `recordOutcome`.
 */
export async function claimFiring(db: Db, row: ReminderFiringsTable): Promise<boolean> {
  const result = await db
    .insertInto('reminder_firings')
    .values(row)
    .onConflict((oc) => oc.columns(['kind', 'subject_id', 'due_at']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function recordOutcome(
  db: Db,
  key: Pick<ReminderFiringsTable, 'kind' | 'subject_id' | 'due_at'>,
  outcome: ReminderFiringsTable['outcome'],
) {
  await db
    .updateTable('reminder_firings')
    .set({ outcome })
    .where('kind', '=', key.kind)
    .where('subject_id', '=', key.subject_id)
    .where('due_at', '=', key.due_at)
    .execute();
}
