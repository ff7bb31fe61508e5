import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { newSecretToken } from '../lib/tokens.ts';
import { testDialects } from '../testing/test-databases.ts';
import { openDatabase, type DatabaseHandle, type DialectName } from './database.ts';
import { migrateTo, migrateToLatest, migrationNames } from './migrate.ts';

const url = process.env.TEST_DATABASE_URL;
const PREVIOUS_RELEASE = '0006-magic-link-return';

// The schemas under test are past ones, so rows are written loosely, as that release wrote them.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty database: SQLite in memory, or a PostgreSQL schema of its own. */
async function emptyDatabase(
  dialect: DialectName,
  cleanups: (() => Promise<unknown>)[],
): Promise<{ schema?: string; open: () => DatabaseHandle }> {
  if (dialect === 'sqlite') {
    const handle = openDatabase({ sqliteFile: ':memory:' });
    cleanups.push(() => handle.close());
    return { open: () => handle };
  }
  const schema = `migrate_${newSecretToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  await admin((client) => client.query(`create schema "${schema}"`));
  cleanups.push(() => admin((client) => client.query(`drop schema "${schema}" cascade`)));
  return {
    schema,
    open: () => {
      const handle = openDatabase({ databaseUrl: url, pgSchema: schema });
      cleanups.push(() => handle.close());
      return handle;
    },
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(url)('migrations on PostgreSQL', () => {
  it('run once when several instances start at the same moment', async () => {
    const { schema, open } = await emptyDatabase('postgres', cleanups);
    // Three pools, as three server processes would have.
    const instances = [open(), open(), open()];
    const outcomes = await Promise.allSettled(
      instances.map((instance) => migrateToLatest(instance.db, { schema: schema! })),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const db = instances[0]!.db as AnyDb;
    const applied = await db
      .selectFrom('kysely_migration')
      .select('name')
      .orderBy('name')
      .execute();
    expect(applied.map((row) => row.name)).toEqual(migrationNames);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = ${schema!}`.execute(db);
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['users', 'tasks', 'invites', 'change_log', 'idempotency_keys']),
    );
  });

  it("is not upset by other schemas' tables changing meanwhile", async () => {
    // Other test files, run in parallel, create and drop their schemas during our migrations.
    let churning = true;
    const churn = admin(async (client) => {
      for (let round = 0; churning; round++) {
        const other = `churn_${round}_${newSecretToken(6)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')}`;
        await client.query(`create schema "${other}"`);
        await client.query(`create table "${other}".t (id serial primary key, a int)`);
        await client.query(`alter table "${other}".t add column b int`);
        await client.query(`drop schema "${other}" cascade`);
      }
    });
    try {
      for (let run = 0; run < 4; run++) {
        const { schema, open } = await emptyDatabase('postgres', cleanups);
        await migrateToLatest(open().db, { schema: schema! });
      }
    } finally {
      churning = false;
      await churn;
    }
  });
});

describe.each(testDialects)('upgrading a %s database from the previous release', (dialect) => {
  it(`keeps the data written by ${PREVIOUS_RELEASE} and leaves one active invite per project`, async () => {
    const { schema, open } = await emptyDatabase(dialect, cleanups);
    const db = open().db as AnyDb;
    const options = schema ? { schema } : {};
    await migrateTo(db, PREVIOUS_RELEASE, options);
    const applied = await db.selectFrom('kysely_migration').select('name').execute();
    expect(applied).toHaveLength(migrationNames.indexOf(PREVIOUS_RELEASE) + 1);

    const at = (minute: number) => `2026-10-01T09:${String(minute).padStart(2, '0')}:00.000Z`;
    await db
      .insertInto('users')
      .values([
        { id: 'u1', email: 'ada@example.com', timezone: 'Europe/Berlin', created_at: at(0) },
        { id: 'u2', email: 'bob@example.com', timezone: 'UTC', created_at: at(1) },
      ])
      .execute();
    await db
      .insertInto('workspaces')
      .values([
        { id: 'w1', owner_user_id: 'u1', version: 7, updated_at: at(2) },
        { id: 'w2', owner_user_id: 'u2', version: 3, updated_at: at(2) },
      ])
      .execute();
    await db
      .insertInto('projects')
      .values([
        {
          id: 'p1',
          owner_workspace_id: 'w1',
          name: 'Garden',
          color: 'green',
          created_at: at(3),
          updated_at: at(3),
        },
        {
          id: 'p2',
          owner_workspace_id: 'w1',
          name: 'House',
          color: null,
          created_at: at(3),
          updated_at: at(3),
        },
      ])
      .execute();
    await db
      .insertInto('workspace_projects')
      .values([
        { workspace_id: 'w1', project_id: 'p1', position: 'a0', joined_at: at(3) },
        { workspace_id: 'w1', project_id: 'p2', position: 'a1', joined_at: at(3) },
        { workspace_id: 'w2', project_id: 'p1', position: 'a0', joined_at: at(9) },
      ])
      .execute();
    await db
      .insertInto('tasks')
      .values([
        {
          id: 't1',
          workspace_id: 'w1',
          project_id: null,
          name: 'Call mum',
          position: 'a0',
          created_at: at(4),
          updated_at: at(4),
          completed_at: null,
        },
        {
          id: 't2',
          workspace_id: null,
          project_id: 'p1',
          name: 'Plant tulips',
          position: 'a0',
          created_at: at(4),
          updated_at: at(5),
          completed_at: at(6),
        },
      ])
      .execute();
    await db
      .insertInto('planned_tasks')
      .values({ workspace_id: 'w1', task_id: 't1', position: 'a0' })
      .execute();
    // Two links live on one project: the race that release allowed.
    await db
      .insertInto('invites')
      .values([
        {
          id: 'i1',
          project_id: 'p1',
          seed: 's1',
          token_hash: 'h1',
          created_by: 'u1',
          created_at: at(7),
          revoked_at: null,
        },
        {
          id: 'i2',
          project_id: 'p1',
          seed: 's2',
          token_hash: 'h2',
          created_by: 'u1',
          created_at: at(8),
          revoked_at: null,
        },
        {
          id: 'i3',
          project_id: 'p2',
          seed: 's3',
          token_hash: 'h3',
          created_by: 'u1',
          created_at: at(8),
          revoked_at: at(9),
        },
      ])
      .execute();

    await migrateToLatest(db, options);

    const all = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
    expect(all.map((row) => row.name)).toEqual(migrationNames);
    expect(await db.selectFrom('users').select(['id', 'email']).orderBy('id').execute()).toEqual([
      { id: 'u1', email: 'ada@example.com' },
      { id: 'u2', email: 'bob@example.com' },
    ]);
    expect(
      await db.selectFrom('workspaces').select(['id', 'version']).orderBy('id').execute(),
    ).toEqual([
      { id: 'w1', version: 7 },
      { id: 'w2', version: 3 },
    ]);
    expect(await db.selectFrom('projects').select(['id', 'name']).orderBy('id').execute()).toEqual([
      { id: 'p1', name: 'Garden' },
      { id: 'p2', name: 'House' },
    ]);
    expect(await db.selectFrom('workspace_projects').selectAll().execute()).toHaveLength(3);
    expect(
      await db
        .selectFrom('tasks')
        .select(['id', 'name', 'completed_at', 'completed_by'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: 't1', name: 'Call mum', completed_at: null, completed_by: null },
      // Whose completion it was is not known: it stays the owner's, whose card counted it.
      { id: 't2', name: 'Plant tulips', completed_at: at(6), completed_by: 'w1' },
    ]);
    expect(await db.selectFrom('planned_tasks').selectAll().execute()).toHaveLength(1);
    // Each list's size is counted once from the rows already there (0034).
    const sizes = await db.selectFrom('task_list_sizes').selectAll().orderBy('list_id').execute();
    expect(sizes.map((row) => ({ ...row, tasks: Number(row.tasks) }))).toEqual([
      { list_id: 'p1', tasks: 1 },
      { list_id: 'w1', tasks: 1 },
    ]);
    const invites = await db
      .selectFrom('invites')
      .select(['id', 'revoked_at'])
      .orderBy('id')
      .execute();
    // The newer link of p1 stays; the older one counts as revoked when it was made.
    expect(invites).toEqual([
      { id: 'i1', revoked_at: at(7) },
      { id: 'i2', revoked_at: null },
      { id: 'i3', revoked_at: at(9) },
    ]);
    // And the schema now refuses a second active link.
    await expect(
      db
        .insertInto('invites')
        .values({
          id: 'i4',
          project_id: 'p1',
          seed: 's4',
          token_hash: 'h4',
          created_by: 'u1',
          created_at: at(10),
          revoked_at: null,
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
