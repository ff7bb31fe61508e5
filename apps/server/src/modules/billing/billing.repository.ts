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
