import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type KyselyConfig, type PostgresPool } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';

/** Statements one connection keeps prepared; texts beyond are sent unnamed, as before. */
const MAX_PREPARED = 500;
/** Longer texts are one-off (a list of ids bound in): never prepared. */
const MAX_PREPARED_LENGTH = 4_000;

// Names by text, shared by all connections: hashing a text on every statement would cost more
// than a lookup. Bounded like a connection's prepared statements.
const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_PREPARED) names.clear();
    name = `h${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

// Statements that change what a kept session lookup read (decision 052).
const KEPT_TABLE_WRITE = /^(insert into|update|delete from) "(sessions|users)"/;
const TRANSACTION_END = /\b(commit|rollback)$/;

/**
 * Per connection: tells `onChange` when a statement writing the sessions or users table is
 * sent, and again when the transaction it ran in ends, so a read kept between the two (which
 * saw the rows before the commit) is dropped too.
 */
function keptTableWatch(onChange: () => void): (text: string) => void {
  let isPending = false;
  return (text) => {
    if (KEPT_TABLE_WRITE.test(text)) {
      isPending = true;
      onChange();
    } else if (isPending && TRANSACTION_END.test(text)) {
      isPending = false;
      onChange();
    }
  };
}

/** The slice of a pooled client Kysely's PostgreSQL driver uses. */
interface DriverClient {
  query(text: string, values: unknown[]): Promise<pg.QueryResult>;
  release(error?: Error | boolean): void;
}

/** A connection taken from the pool for a run of statements, Kysely's and plain text. */
export interface PgSession {
  /** Kysely on this one connection: every statement runs on it, in its transaction if open. */
  db: Kysely<Database>;
  /**
   * Several statements at once (`begin; …; savepoint x`): one round trip over the simple query
   * protocol, which takes no parameters, so `values` are quoted into the text in place of `$1`,
   * `$2`…; the text is logged with the placeholders. Answers each statement's result.
   */
  simple(text: string, values?: string[]): Promise<pg.QueryResult[]>;
  /** Back to the pool; with an error, the connection is closed instead (its state is unknown). */
  release(error?: Error): void;
}

/**
 * Each SQL text is prepared once per connection under a name derived from it (node-postgres'
 * `name`): PostgreSQL then skips parsing and planning it again, which on a shared machine is
 * CPU the server's own process competes for. The application builds a bounded set of texts;
 * the cap keeps a connection's prepared statements bounded all the same.
 */
function preparing(client: pg.PoolClient, watch: (text: string) => void): DriverClient {
  const prepared = new Set<string>();
  return {
    query(text, values) {
      watch(text);
      if (values.length === 0 || text.length > MAX_PREPARED_LENGTH) {
        return client.query(text, values);
      }
      const name = statementName(text);
      if (!prepared.has(name)) {
        if (prepared.size >= MAX_PREPARED) return client.query(text, values);
        prepared.add(name);
      }
      return client.query({ name, text, values });
    },
    release: (error) => client.release(error),
  };
}

/**
 * Runs a connection's statements one after another. A session's Kysely hands its one connection
 * to every statement, so statements started together (a `Promise.all` in a transaction) would
 * otherwise be sent to one client at once, which node-postgres queues today but deprecates.
 */
function inTurn() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(send: () => Promise<T>): Promise<T> => {
    const next = last.then(send);
    last = next.catch(() => undefined);
    return next;
  };
}

/**
 * The pool as Kysely's dialect sees it, preparing statements, plus sessions on one connection.
 * `log` is Kysely's (statements logged for tests); plain-text statements are told to
 * `onQuery` as they are sent, so a count of statements is a count of round trips.
 */
export function pgClients(
  pool: pg.Pool,
  options: {
    log: Pick<KyselyConfig, 'log'>;
    onQuery: ((sql: string) => void) | undefined;
    /** A statement writing the sessions or users table was sent, or its transaction ended. */
    onKeptTableChange: () => void;
  },
) {
  const { log, onQuery, onKeptTableChange } = options;
  const wrapped = new WeakMap<pg.PoolClient, DriverClient>();
  const watches = new WeakMap<pg.PoolClient, (text: string) => void>();
  const sessions = new WeakMap<pg.PoolClient, Kysely<Database>>();
  const turns = new WeakMap<pg.PoolClient, ReturnType<typeof inTurn>>();
  const turnOf = (client: pg.PoolClient) => {
    let turn = turns.get(client);
    if (!turn) turns.set(client, (turn = inTurn()));
    return turn;
  };
  const watchOf = (client: pg.PoolClient) => {
    let watch = watches.get(client);
    if (!watch) watches.set(client, (watch = keptTableWatch(onKeptTableChange)));
    return watch;
  };
  const wrap = (client: pg.PoolClient) => {
    let driverClient = wrapped.get(client);
    if (!driverClient) wrapped.set(client, (driverClient = preparing(client, watchOf(client))));
    return driverClient;
  };
  const kyselyPool: PostgresPool = {
    connect: async () => wrap(await pool.connect()) as never,
    end: () => pool.end(),
  };

  /** Kysely bound to one connection: its "pool" hands out that connection and keeps it. */
  function kyselyOn(client: pg.PoolClient): Kysely<Database> {
    let db = sessions.get(client);
    if (!db) {
      const driverClient = wrap(client);
      const fixed = {
        query: (text: string, values: unknown[]) =>
          turnOf(client)(() => driverClient.query(text, values)),
        release: () => undefined,
      };
      const onePool: PostgresPool = { connect: async () => fixed as never, end: async () => {} };
      db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: onePool }), ...log });
      sessions.set(client, db);
    }
    return db;
  }

  return {
    kyselyPool,
    async session(): Promise<PgSession> {
      const client = await pool.connect();
      return {
        db: kyselyOn(client),
        simple: async (text, values = []) => {
          onQuery?.(text);
          watchOf(client)(text);
          const quoted = text.replace(/\$(\d+)/g, (_, at: string) =>
            client.escapeLiteral(values[Number(at) - 1] ?? ''),
          );
          const result = (await turnOf(client)(() => client.query(quoted))) as
            pg.QueryResult | pg.QueryResult[];
          return Array.isArray(result) ? result : [result];
        },
        release: (error) => client.release(error ?? false),
      };
    },
  };
}
