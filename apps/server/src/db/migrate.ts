import {
  Migrator,
  PostgresAdapter,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import * as accounts from './migrations/0001-accounts.ts';
import * as planning from './migrations/0002-planning.ts';
import * as billing from './migrations/0003-billing.ts';
import * as invites from './migrations/0004-invites.ts';
import * as automations from './migrations/0005-automations.ts';
import * as magicLinkReturn from './migrations/0006-magic-link-return.ts';
import * as writePath from './migrations/0007-write-path.ts';
import * as clientIds from './migrations/0008-client-ids.ts';
import * as subscriptionManagement from './migrations/0009-subscription-management.ts';
import * as undo from './migrations/0010-undo.ts';
import * as tunableAutomations from './migrations/0011-tunable-automations.ts';
import * as account from './migrations/0012-account.ts';
import * as openTaskOrder from './migrations/0014-open-task-order.ts';
import * as doneTaskOrder from './migrations/0015-done-task-order.ts';
import * as spentEventTickets from './migrations/0016-spent-event-tickets.ts';
import * as taskCompletedBy from './migrations/0017-task-completed-by.ts';
import * as instanceAdmin from './migrations/0018-instance-admin.ts';
import * as days from './migrations/0019-days.ts';
import * as sessionsFeed from './migrations/0020-sessions-feed.ts';
import * as personalTokens from './migrations/0024-personal-tokens.ts';
import * as sessionsFeedDisabled from './migrations/0025-sessions-feed-disabled.ts';
import * as calendarFeeds from './migrations/0026-calendar-feeds.ts';
import * as repeats from './migrations/0027-repeats.ts';
import * as taskDetails from './migrations/0028-task-details.ts';
import * as taskIndexesPerHome from './migrations/0033-task-indexes-per-home.ts';
import * as taskListSizes from './migrations/0034-task-list-sizes.ts';
import * as estimates from './migrations/0035-estimates.ts';
import * as webhooks from './migrations/0036-webhooks.ts';
import * as taskSearch from './migrations/0037-task-search.ts';
import * as timeEntries from './migrations/0038-time-entries.ts';
import * as dayReviews from './migrations/0039-day-reviews.ts';
import * as caldavObjects from './migrations/0040-caldav-objects.ts';
import * as caldavMovedFrom from './migrations/0041-caldav-moved-from.ts';
import * as searchWordsSplit from './migrations/0042-search-words-split-as-the-app-splits.ts';
import * as reminders from './migrations/0043-reminders.ts';
import * as dailyNudges from './migrations/0044-daily-nudges.ts';
import * as taskActivity from './migrations/0045-task-activity.ts';

/** Migrations are imported statically so the bundled server carries them (no directory scan). */
const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-planning': planning,
  '0003-billing': billing,
  '0004-invites': invites,
  '0005-automations': automations,
  '0006-magic-link-return': magicLinkReturn,
  '0007-write-path': writePath,
  '0008-client-ids': clientIds,
  '0009-subscription-management': subscriptionManagement,
  '0010-undo': undo,
  '0011-tunable-automations': tunableAutomations,
  '0012-account': account,
  '0014-open-task-order': openTaskOrder,
  '0015-done-task-order': doneTaskOrder,
  '0016-spent-event-tickets': spentEventTickets,
  '0017-task-completed-by': taskCompletedBy,
  '0018-instance-admin': instanceAdmin,
  '0019-days': days,
  '0020-sessions-feed': sessionsFeed,
  '0024-personal-tokens': personalTokens,
  '0025-sessions-feed-disabled': sessionsFeedDisabled,
  '0026-calendar-feeds': calendarFeeds,
  '0027-repeats': repeats,
  '0028-task-details': taskDetails,
  '0033-task-indexes-per-home': taskIndexesPerHome,
  '0034-task-list-sizes': taskListSizes,
  '0035-estimates': estimates,
  '0036-webhooks': webhooks,
  '0037-task-search': taskSearch,
  '0038-time-entries': timeEntries,
  '0039-day-reviews': dayReviews,
  '0040-caldav-objects': caldavObjects,
  '0041-caldav-moved-from': caldavMovedFrom,
  '0042-search-words-split-as-the-app-splits': searchWordsSplit,
  '0043-reminders': reminders,
  '0044-daily-nudges': dailyNudges,
  '0045-task-activity': taskActivity,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations in the order they run, by name. */
export const migrationNames = Object.keys(migrations);

// Migrations are typed loosely on purpose: they describe past schemas, not today's Database.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above

export async function migrateToLatest(db: AnyDb, options: { schema?: string } = {}): Promise<void> {
  await run(db, options, (migrator) => migrator.migrateToLatest());
}

/** Up (or down) to the named migration: tests rebuild a past release's schema with it. */
export async function migrateTo(
  db: AnyDb,
  name: string,
  options: { schema?: string } = {},
): Promise<void> {
  if (!migrationNames.includes(name)) throw new Error(`Unknown migration ${name}`);
  await run(db, options, (migrator) => migrator.migrateTo(name));
}

async function run(
  db: AnyDb,
  options: { schema?: string },
  step: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  // Named, the migrator looks for its own tables in that schema only: PostgreSQL databases
  // holding several schemas (each test run has its own) must not see each other's lock table.
  // Unnamed, it is the connection's own schema: otherwise a lock table in another schema made
  // the migrator skip creating this one's, and then fail to read it (the bench, 42P01).
  const schema = options.schema ?? (await currentPostgresSchema(db));
  const migrator = new Migrator({
    db: schema ? scopedToSchema(db, schema) : db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await step(migrator);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

/** PostgreSQL: the schema unqualified tables are made in; SQLite: none. */
async function currentPostgresSchema(db: AnyDb): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * The migrator looks for its own tables by listing every table of every schema through a catalog
 * function that fails when another schema's tables change at that moment — another test run's
 * migration or clean-up in the same database. Scoped, it lists only the one schema's tables, from
 * the plain catalog.
 */
function scopedToSchema(db: AnyDb, schema: string): AnyDb {
  const getTables: DatabaseIntrospector['getTables'] = async () => {
    const { rows } = await sql<{ name: string }>`
      select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(db);
    return rows.map(({ name }) => ({ name, schema, isView: false, columns: [] }));
  };
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables,
    getMetadata: async (options) => ({ tables: await getTables(options) }),
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
