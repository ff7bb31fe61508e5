import { describe, expect, it } from 'vitest';
import { endpoints, type OperationName } from './api.ts';
import { SESSION_ONLY, TOKEN_SCOPE_OF } from './token-scopes.ts';

describe('what access tokens may call', () => {
  it('names every endpoint that asks who calls once: with a scope, or as for sessions only', () => {
    // A live stream authenticates in its handler (auth 'ticket'), through the same check.
    const sessionEndpoints = (Object.keys(endpoints) as OperationName[]).filter(
      (operation) => endpoints[operation].auth !== 'none',
    );
    const scoped = Object.keys(TOKEN_SCOPE_OF);
    expect(scoped.filter((operation) => SESSION_ONLY.includes(operation as never))).toEqual([]);
    expect([...scoped, ...SESSION_ONLY].sort()).toEqual([...sessionEndpoints].sort());
  });

  it('lets a read-only token only read, and a calendar token only reach calendar feeds', () => {
    for (const [operation, scope] of Object.entries(TOKEN_SCOPE_OF)) {
      const { method } = endpoints[operation as OperationName];
      const needed = operation.includes('CalendarFeed')
        ? 'calendar'
        : method === 'GET'
          ? 'read'
          : 'write';
      expect(`${operation} ${scope}`).toBe(`${operation} ${needed}`);
    }
  });
});
