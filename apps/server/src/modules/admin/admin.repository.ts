import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/database.ts';
import type { AdminActionsTable } from '../../db/schema.ts';

/** `%`, `_` and the escape itself match only themselves in a LIKE pattern. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts with what the admin page shows of each: plan, last use, tasks, own features. */
const accounts = (db: Db) =>
  db
    .selectFrom('users')
    .innerJoin('workspaces', 'workspaces.owner_user_id', 'users.id')
    .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.created_at',
      'users.disabled_at',
      'users.feature_flags',
      'workspaces.id as workspace_id',
      'subscriptions.plan',
      'subscriptions.is_trial',
      'subscriptions.trial_end_date',
      'subscriptions.expiration_date',
      'subscriptions.billing_period',
      'subscriptions.next_period',
      'subscriptions.cancel_at_period_end',
      'subscriptions.payment_failed',
      'subscriptions.provider_customer_id',
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max('sessions.last_used_at').as('at'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('last_seen_at'),
      // Inbox and automation tasks, then the tasks of the projects the account owns.
      sql<number | string>`(select count(*) from tasks t where t.workspace_id = workspaces.id)
        + (select count(*) from tasks t inner join projects p on p.id = t.project_id
           where p.owner_workspace_id = workspaces.id)`.as('tasks'),
    ]);

export type AccountRow = Awaited<ReturnType<typeof findAccount>> & {};

export function findAccount(db: Db, userId: string) {
  return accounts(db).where('users.id', '=', userId).executeTakeFirst();
}

/** The accounts whose address contains `search` (emails are kept in lower case), by address. */
export function searchAccounts(db: Db, search: string, limit: number) {
  return accounts(db)
    .where(sql<boolean>`users.email like ${likeContaining(search)} escape '\\'`)
    .orderBy('users.email')
    .limit(limit)
    .execute();
}

export async function countAccounts(db: Db, search: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(sql<boolean>`users.email like ${likeContaining(search)} escape '\\'`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function instanceCounts(db: Db) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('users')
        .select((s) => s.fn.countAll<number | string>().as('n'))
        .as('users'),
      eb
        .selectFrom('users')
        .select((s) => s.fn.countAll<number | string>().as('n'))
        .where('disabled_at', 'is not', null)
        .as('disabled'),
      eb
        .selectFrom('tasks')
        .select((s) => s.fn.countAll<number | string>().as('n'))
        .as('tasks'),
    ])
    .executeTakeFirstOrThrow();
  return { users: Number(row.users), disabled: Number(row.disabled), tasks: Number(row.tasks) };
}

/** The database's size on disk as the database itself reports it. */
export async function databaseBytes(db: Db, dialect: DialectName): Promise<number> {
  const query =
    dialect === 'postgres'
      ? sql<{ bytes: number | string }>`select pg_database_size(current_database()) as bytes`
      : sql<{
          bytes: number | string;
        }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

/** Sets or clears the account's disabling; false when it was so already. */
export async function setDisabled(
  db: Db,
  userId: string,
  disabledAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled_at: disabledAt })
    .where('id', '=', userId)
    .where('disabled_at', disabledAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function setFeatureFlags(
  db: Db,
  userId: string,
  featureFlags: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ feature_flags: featureFlags })
    .where('id', '=', userId)
    .execute();
}

export async function featureFlagsOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('feature_flags')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.feature_flags ?? null;
}

export async function insertAction(db: Db, row: AdminActionsTable): Promise<void> {
  await db.insertInto('admin_actions').values(row).execute();
}

export function latestActions(db: Db, limit: number) {
  return db
    .selectFrom('admin_actions')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
