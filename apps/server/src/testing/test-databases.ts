import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DialectName } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { newSecretToken } from '../lib/tokens.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase extends DatabaseHandle {
  destroy(): Promise<void>;
}

/** A fresh, migrated database; on PostgreSQL a schema of its own so parallel runs never collide. */
export async function createTestDatabase(
  dialect: DialectName,
  options: { onQuery?: (sql: string) => void } = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const handle = openDatabase({ sqliteFile: ':memory:', ...options });
    await migrateToLatest(handle.db);
    return { ...handle, destroy: handle.close };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${newSecretToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const handle = openDatabase({ databaseUrl: url, pgSchema: schema, ...options });
  await migrateToLatest(handle.db, { schema });
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema "${schema}" cascade`);
      await cleanup.end();
    },
  };
}
