import crypto from 'node:crypto';
import pg from 'pg';

export interface PostgresSchema {
  name: string;
  /** The base URL with the schema as its search path, for the server's DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh schema per run, so a run neither sees nor leaves anything behind. */
export async function createPostgresSchema(baseUrl: string): Promise<PostgresSchema> {
  const name = `bench_${crypto.randomBytes(6).toString('hex')}`;
  await run(baseUrl, `create schema "${name}"`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    url: url.toString(),
    drop: () => run(baseUrl, `drop schema "${name}" cascade`),
  };
}

/**
 * A fresh, empty database on the server of `baseUrl` (whose user may create databases), for
 * what works on whole databases: pg_dump and a restore into another one.
 */
export async function createPostgresDatabase(
  baseUrl: string,
  prefix: string,
): Promise<PostgresSchema> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await run(baseUrl, `create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => run(baseUrl, `drop database "${name}" with (force)`),
  };
}
