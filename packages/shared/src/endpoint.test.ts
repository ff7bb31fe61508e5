import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineEndpoints,
  endpointUrl,
  errorsByStatus,
  fillPath,
  mergeEndpointTables,
  queryString,
} from './endpoint.ts';

const table = defineEndpoints({
  renameThing: {
    method: 'PUT',
    path: '/api/v1/things/:id/rename',
    aliases: ['/api/v1/stuff/:id/rename'],
    summary: 'Rename a thing',
    tags: ['things'],
    auth: 'session',
    params: z.object({ id: z.string() }),
    body: z.object({ name: z.string() }),
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: ['NOT_FOUND'],
  },
  ping: {
    method: 'GET',
    path: '/ping',
    summary: 'Ping',
    tags: [],
    auth: 'none',
    responses: { 200: z.object({}) },
  },
});

describe('defineEndpoints', () => {
  it('names each endpoint by its key and keeps its aliases', () => {
    expect(table.renameThing.operation).toBe('renameThing');
    expect(table.renameThing.aliases).toEqual(['/api/v1/stuff/:id/rename']);
    expect(table.ping.aliases).toEqual([]);
  });

  it('adds the error codes implied by the shape of the endpoint', () => {
    expect(table.renameThing.errors).toEqual([
      'NOT_FOUND',
      'VALIDATION_FAILED',
      'BAD_REQUEST',
      'UNAUTHORIZED',
      // A session endpoint refuses an access token outside its scopes (issue 32).
      'FORBIDDEN',
      'RATE_LIMITED',
      'INTERNAL',
    ]);
    // Not under an API prefix, no input, no session: only a server failure.
    expect(table.ping.errors).toEqual(['INTERNAL']);
  });

  it('lets a workspace command answer the races and key reuse of the unit of work', () => {
    const commands = defineEndpoints({
      write: {
        method: 'POST',
        path: '/api/v1/things',
        summary: 'Write',
        tags: [],
        auth: 'session',
        command: true,
        responses: { 200: z.null() },
      },
      read: {
        method: 'GET',
        path: '/api/v1/things',
        summary: 'Read',
        tags: [],
        auth: 'session',
        command: true,
        responses: { 200: z.null() },
      },
    });
    expect(commands.write.errors).toEqual([
      'VALIDATION_FAILED',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'IDEMPOTENCY_KEY_REUSED',
      'RATE_LIMITED',
      'INTERNAL',
    ]);
    // A read takes no Idempotency-Key.
    expect(commands.read.errors).not.toContain('IDEMPOTENCY_KEY_REUSED');
    expect(commands.read.errors).not.toContain('VALIDATION_FAILED');
  });

  it('refuses params that do not match the path, or an alias with other params', () => {
    const base = {
      method: 'GET',
      summary: 's',
      tags: [],
      auth: 'none',
      responses: { 200: z.null() },
    } as const;
    expect(() =>
      defineEndpoints({
        // @ts-expect-error the path names :id, the schema does not
        wrong: { ...base, path: '/x/:id', params: z.object({ key: z.string() }) },
      }),
    ).toThrow(/params \[key\] do not match the path \/x\/:id/);
    expect(() =>
      defineEndpoints({
        // @ts-expect-error a path with params needs a params schema
        missing: { ...base, path: '/x/:id' },
      }),
    ).toThrow(/do not match/);
    expect(() =>
      defineEndpoints({
        alias: {
          ...base,
          path: '/x/:id',
          aliases: ['/y/:key'],
          params: z.object({ id: z.string() }),
        },
      }),
    ).toThrow(/alias \/y\/:key has other params/);
  });

  it('refuses two endpoints of the same name in one table', () => {
    expect(() => mergeEndpointTables(table, { ping: table.ping })).toThrow(/named ping/);
  });

  it('groups error codes by their HTTP status', () => {
    expect([...errorsByStatus(table.renameThing)]).toEqual([
      [400, ['VALIDATION_FAILED', 'BAD_REQUEST']],
      [401, ['UNAUTHORIZED']],
      [403, ['FORBIDDEN']],
      [404, ['NOT_FOUND']],
      [429, ['RATE_LIMITED']],
      [500, ['INTERNAL']],
    ]);
  });
});

describe('paths', () => {
  it('fills and encodes path params', () => {
    expect(fillPath('/a/:id/b/:action', { id: 'x y/z', action: 'plan' })).toBe(
      '/a/x%20y%2Fz/b/plan',
    );
    expect(() => fillPath('/a/:id', {})).toThrow(/Missing path param id/);
  });

  it('appends the defined query values in order', () => {
    expect(queryString({ email: 'a@b.co', returnTo: undefined, callback: 'http://x' })).toBe(
      '?email=a%40b.co&callback=http%3A%2F%2Fx',
    );
    expect(queryString({})).toBe('');
  });

  it('builds the URL of a call on the path or one of its aliases', () => {
    const input = { params: { id: 't1' } };
    expect(endpointUrl(table.renameThing, input)).toBe('/api/v1/things/t1/rename');
    expect(endpointUrl(table.renameThing, input, table.renameThing.aliases[0])).toBe(
      '/api/v1/stuff/t1/rename',
    );
  });
});
