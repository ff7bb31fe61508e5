import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as accounts from './migrations/0001-accounts.ts';
import * as planning from './migrations/0002-planning.ts';
import * as billing from './migrations/0003-billing.ts';
import * as invites from './migrations/0004-invites.ts';
import * as automations from './migrations/0005-automations.ts';
import * as magicLinkReturn from './migrations/0006-magic-link-return.ts';

/** Migrations are imported statically so the bundled server carries them (no directory scan). */
const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-planning': planning,
  '0003-billing': billing,
  '0004-invites': invites,
  '0005-automations': automations,
  '0006-magic-link-return': magicLinkReturn,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Migrations are typed loosely on purpose: they describe past schemas, not today's Database.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
