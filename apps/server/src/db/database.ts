import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type KyselyConfig } from 'kysely';
import { registerChangeMarker, registerFeedMarker } from './change-marker.ts';
import { listenForNotifications, type ListenEvents, type Listening } from './listen.ts';
import { pgClients, type PgSession } from './pg-clients.ts';
import { createSessionsFeed } from './sessions-feed.ts';
import { withStatementCache } from './sqlite-statements.ts';
import {
  FALLBACK_CHECKPOINT_PAGES,
  startWalCheckpointer,
  type WalCheckpointer,
} from './wal-checkpointer.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: calls `onPayload` with each NOTIFY on `channel`, over one dedicated
   * connection that reconnects by itself, with `events` told when it listens and drops.
   */
  listen?(
    channel: string,
    onPayload: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<Listening>;
  /**
   * PostgreSQL only: one pooled connection for a run of statements, Kysely's and plain text
   * (group commit, decision 051); the caller releases it.
   */
  session?(): Promise<PgSession>;
  /** SQLite in a file only: copies the WAL back into the database off the event loop. */
  walCheckpointer?: WalCheckpointer;
  /** PostgreSQL only: the pool's connections now, and the queries waiting for one. */
  poolFigures?(): { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file, or ':memory:'. */
  sqliteFile?: string;
  /** SQLite in memory, starting as a copy of this serialized database (tests copy a migrated one). */
  sqliteImage?: Buffer;
  /** PostgreSQL schema to use (tests isolate each run in its own). */
  pgSchema?: string;
  /** PostgreSQL pool size and per-connection timeouts; defaults as in config.ts. */
  pool?: Partial<PoolSettings>;
  /** Called with each statement's SQL as it runs (tests count the queries a request makes). */
  onQuery?: (sql: string) => void;
}

export interface PoolSettings {
  /** Connections the pool may hold open. */
  size: number;
  /** Longest a single statement may run before PostgreSQL cancels it. */
  statementTimeoutMs: number;
  /** Longest a connection may sit idle inside an open transaction before PostgreSQL ends it. */
  idleInTransactionTimeoutMs: number;
  /** Longest to wait for a new connection before the query fails. */
  connectTimeoutMs: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  size: 10,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
  connectTimeoutMs: 5_000,
};

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const { onQuery } = options;
  const log: Pick<KyselyConfig, 'log'> = onQuery
    ? {
        log: (event) => {
          if (event.level === 'query') onQuery(event.query.sql);
        },
      }
    : {};
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.pgSchema,
        { ...DEFAULT_POOL_SETTINGS, ...options.pool },
        log,
        onQuery,
      )
    : openSqlite(options.sqliteImage ?? options.sqliteFile ?? ':memory:', log);
}

export function sqliteFileIn(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  return path.join(dataDir, 'hustle.db');
}

function openSqlite(file: string | Buffer, log: Pick<KyselyConfig, 'log'>): DatabaseHandle {
  const sqlite = new SQLite(file);
  // ARCHITECTURE §5: a 2xx means the write is on disk, so FULL rather than the WAL default NORMAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const inMemory = typeof file !== 'string' || file === ':memory:';
  assertSqlitePragmas(sqlite, inMemory);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), ...log });
  registerChangeMarker(db, statements.changeMarker);
  const walCheckpointer =
    typeof file === 'string' && !inMemory ? checkpointerFor(sqlite, file) : undefined;
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      sqlite.prepare('select 1').get();
    },
    close: async () => {
      await walCheckpointer?.close();
      await db.destroy();
    },
    ...(walCheckpointer ? { walCheckpointer } : {}),
  };
}

/**
 * The WAL is copied back by a worker thread (decision 043); the app's own connection does it
 * only past a much longer WAL, or at SQLite's usual length again if the worker stops.
 */
function checkpointerFor(sqlite: SQLite.Database, file: string): WalCheckpointer {
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  return startWalCheckpointer(file, () => sqlite.pragma('wal_autocheckpoint = 1000'));
}

function assertSqlitePragmas(sqlite: SQLite.Database, inMemory: boolean): void {
  const expected: Record<string, unknown> = { synchronous: 2, foreign_keys: 1 };
  if (!inMemory) expected.journal_mode = 'wal';
  for (const [pragma, value] of Object.entries(expected)) {
    const actual = sqlite.pragma(pragma, { simple: true });
    if (actual !== value)
      throw new Error(`SQLite pragma ${pragma} is ${String(actual)}, expected ${String(value)}`);
  }
}

function openPostgres(
  connectionString: string,
  schema: string | undefined,
  settings: PoolSettings,
  log: Pick<KyselyConfig, 'log'>,
  onQuery: ((sql: string) => void) | undefined,
): DatabaseHandle {
  // The timeouts travel in the start-up packet, so every pooled connection has them from its
  // first statement: a runaway query or a transaction left open cannot hold locks for long.
  const pool = new pg.Pool({
    connectionString,
    max: settings.size,
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const sessionsFeed = createSessionsFeed((channel, onPayload, events) =>
    listenForNotifications(connectionString, channel, onPayload, events),
  );
  const clients = pgClients(pool, {
    log,
    onQuery,
    onKeptTableChange: sessionsFeed.localChange,
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: clients.kyselyPool }),
    ...log,
  });
  registerFeedMarker(db, sessionsFeed.marker);
  return {
    db,
    dialect: 'postgres',
    session: clients.session,
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await sessionsFeed.close();
      await db.destroy();
    },
    listen: (channel, onPayload, events) =>
      listenForNotifications(connectionString, channel, onPayload, events),
    poolFigures: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}
