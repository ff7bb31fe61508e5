import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@hustle/shared/api';
import { errorsByStatus, isApiPath, type AnyEndpoint } from '@hustle/shared/endpoint';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createRouter } from './contract-routes.ts';

const all: AnyEndpoint[] = Object.values(endpoints);
/** The OpenAPI pages describe the contract; they are not part of it. */
const DOCS_PREFIX = '/api/docs';

interface SeenRoute {
  method: string;
  url: string;
  operation: string | undefined;
}

/** Routes under the API prefixes that no endpoint declares, and endpoints with no route. */
function compareWithContract(routes: SeenRoute[]) {
  const declared = new Map(
    all.flatMap((e) => [e.path, ...e.aliases].map((path) => [`${e.method} ${path}`, e.operation])),
  );
  const seen = new Set(routes.map((route) => `${route.method} ${route.url}`));
  const outside = routes
    .filter((route) => isApiPath(route.url) && !route.url.startsWith(DOCS_PREFIX))
    // Fastify answers HEAD for every GET by itself.
    .filter((route) => !(route.method === 'HEAD' && seen.has(`GET ${route.url}`)))
    .filter((route) => {
      const operation = declared.get(`${route.method} ${route.url}`);
      return operation === undefined || operation !== route.operation;
    })
    .map((route) => `${route.method} ${route.url}`);
  const missing = [...declared.keys()].filter((route) => !seen.has(route));
  return { outside, missing };
}

const methodsOf = (route: RouteOptions) => [route.method].flat().map(String);

describe('routes and the contract', () => {
  let t: TestApp;
  const routes: SeenRoute[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      onRoute: (route) => {
        for (const method of methodsOf(route)) {
          routes.push({ method, url: route.url, operation: route.config?.operation });
        }
      },
    });
  });
  afterAll(() => t.close());

  it('registers every endpoint, and no API route outside the contract', () => {
    expect(routes.length).toBeGreaterThan(all.length);
    expect(compareWithContract(routes)).toEqual({ outside: [], missing: [] });
  });

  it('notices a route the contract does not declare, and an endpoint left unregistered', () => {
    const rogue = { method: 'POST', url: '/api/v1/rogue', operation: undefined };
    const [first, ...rest] = routes.filter((route) => route.operation === 'createTask');
    const result = compareWithContract([...routes.filter((r) => r !== first), rogue, ...rest]);
    expect(result.outside).toEqual(['POST /api/v1/rogue']);
    expect(result.missing).toEqual(['POST /api/v1/tasks']);
  });

  it('guards exactly the endpoints that need a session', async () => {
    for (const endpoint of all) {
      const params = Object.fromEntries(
        [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, 'abcdefghijklmnop']),
      );
      const url = endpoint.path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
      const res = await t.app.inject({ method: endpoint.method, url });
      const isRefused = res.statusCode === 401 && res.json().error.code === 'UNAUTHORIZED';
      expect(isRefused, `${endpoint.operation} answered ${res.statusCode}`).toBe(
        endpoint.auth !== 'none',
      );
    }
  });

  it('documents every endpoint in OpenAPI with its answers and error statuses', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const endpoint of all) {
      for (const path of [endpoint.path, ...endpoint.aliases]) {
        const openApiPath = path.replace(/:(\w+)/g, '{$1}');
        const operation = doc.paths[openApiPath]?.[endpoint.method.toLowerCase()];
        expect(operation, `${endpoint.method} ${openApiPath}`).toBeDefined();
        expect(operation.summary).toBe(endpoint.summary);
        const statuses = Object.keys(operation.responses).map(Number);
        const expected = [
          ...Object.keys(endpoint.responses).map(Number),
          ...errorsByStatus(endpoint).keys(),
        ];
        expect(statuses.sort(), endpoint.operation).toEqual([...new Set(expected)].sort());
        for (const [status, codes] of errorsByStatus(endpoint)) {
          if (status in endpoint.responses) continue;
          // Pages document their errors under the page's media type.
          const [content] = Object.values(operation.responses[status].content) as {
            schema: { properties: { error: { properties: { code: { enum: string[] } } } } };
          }[];
          const schema = content!.schema;
          expect(schema.properties.error.properties.code.enum).toEqual(codes);
        }
      }
      expect(
        doc.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')][endpoint.method.toLowerCase()],
      ).toMatchObject({ operationId: endpoint.operation });
    }
  });

  it('documents open endpoints without the bearer requirement', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.paths['/auth/code/login'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/session'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ bearer: [] }]);
  });
});

describe('createRouter', () => {
  it('refuses an endpoint that needs a session when it has no guard', () => {
    const route = createRouter(Fastify());
    expect(() => route(endpoints.getSession, async () => undefined as never)).toThrow(
      /getSession needs a session/,
    );
  });
});
