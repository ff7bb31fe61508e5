import type { Db } from '../../db/database.ts';
import type { SubscriptionsTable } from '../../db/schema.ts';

export async function insertSubscription(db: Db, row: SubscriptionsTable): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

export function findSubscription(db: Db, userId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findSubscriptionByWorkspace(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspaces')
    .leftJoin('subscriptions', 'subscriptions.user_id', 'workspaces.owner_user_id')
    .select([
      'subscriptions.plan',
      'subscriptions.is_trial',
      'subscriptions.trial_end_date',
      'subscriptions.expiration_date',
    ])
    .where('workspaces.id', '=', workspaceId)
    .executeTakeFirst();
}

export async function updateSubscription(
  db: Db,
  userId: string,
  changes: Partial<Omit<SubscriptionsTable, 'user_id'>>,
): Promise<void> {
  await db.updateTable('subscriptions').set(changes).where('user_id', '=', userId).execute();
}

export async function insertSandboxCheckout(
  db: Db,
  row: {
    id: string;
    user_id: string;
    period: 'quarter' | 'year';
    created_at: string;
    expires_at: string;
  },
): Promise<void> {
  await db
    .insertInto('sandbox_checkouts')
    .values({ ...row, completed_at: null })
    .execute();
}

export function findSandboxCheckout(db: Db, id: string) {
  return db.selectFrom('sandbox_checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the checkout finished; false when it already was (a double submit). */
export async function completeSandboxCheckout(
  db: Db,
  id: string,
  outcome: 'pay' | 'cancel',
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_checkouts')
    .set({ completed_at: now, outcome })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The sandbox's invoices: its paid checkouts, newest first. */
export function listSandboxPayments(db: Db, userId: string) {
  return db
    .selectFrom('sandbox_checkouts')
    .select(['period', 'completed_at'])
    .where('user_id', '=', userId)
    .where('outcome', '=', 'pay')
    .orderBy('completed_at', 'desc')
    .execute();
}

export async function insertSandboxPortalSession(
  db: Db,
  row: { id: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('sandbox_portal_sessions').values(row).execute();
}

export function findSandboxPortalSession(db: Db, id: string) {
  return db
    .selectFrom('sandbox_portal_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Records a provider event; false when it was seen before (a replay). */
export async function recordPaymentEvent(
  db: Db,
  id: string,
  type: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ provider_event_id: id, type, received_at: now })
    .onConflict((oc) => oc.column('provider_event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function findUserForProvider(
  db: Db,
  ids: { subscriptionId?: string | null; customerId?: string | null },
) {
  return db
    .selectFrom('subscriptions')
    .select('user_id')
    .where((eb) =>
      eb.or([
        ...(ids.subscriptionId ? [eb('provider_subscription_id', '=', ids.subscriptionId)] : []),
        ...(ids.customerId ? [eb('provider_customer_id', '=', ids.customerId)] : []),
      ]),
    )
    .executeTakeFirst();
}

export function findUserEmail(db: Db, userId: string) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}
