import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createTestDatabase, testDialects } from '../../testing/test-databases.ts';
import { healthRoutes } from './health.routes.ts';
import { freePort } from '../../testing/ports.ts';

async function appWith(database: DatabaseHandle): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, { database });
  return app;
}

describe('readiness', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.each(testDialects)('reports a reachable %s database as ready', async (dialect) => {
    const database = await createTestDatabase(dialect);
    cleanups.push(database.destroy);
    const app = await appWith(database);
    cleanups.push(() => app.close());
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', dialect });
  });

  it('answers 503 naming the database while PostgreSQL cannot be reached', async () => {
    const port = await freePort();
    const database = openDatabase({ databaseUrl: `postgres://u@127.0.0.1:${port}/x` });
    cleanups.push(() => database.close());
    const app = await appWith(database);
    cleanups.push(() => app.close());
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      dialect: 'postgres',
    });
  });

  it('answers 503 when the database does not answer in time', async () => {
    const database = await createTestDatabase('sqlite');
    cleanups.push(database.destroy);
    const app = await appWith({ ...database, ping: () => new Promise(() => undefined) });
    cleanups.push(() => app.close());
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().database).toBe('unreachable');
  });
});
