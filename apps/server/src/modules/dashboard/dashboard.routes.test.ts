import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

describe.each(testDialects)('conditional workspace reads (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const read = (etag?: string, path = `/workspaces/${ada.workspaceId}`) =>
    t.app.inject({
      method: 'GET',
      url: path,
      headers: { ...ada.headers, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('answers 304 without a body while the version holds, and 200 after a change', async () => {
    const first = await read();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"\d+-/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const same = await read(etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect((await read(etag, `/api/v1/workspaces/${ada.workspaceId}`)).statusCode).toBe(304);

    await ada.post('/api/v1/tasks', { workspaceId: ada.workspaceId, name: 'New' });
    const changed = await read(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().tasks).toHaveLength(1);
  });

  it('changes the tag when the plan changes with time, with no write', async () => {
    const etag = (await read()).headers.etag as string;
    t.clock.advance(15 * 86_400_000); // the 14-day trial ends
    const after = await read(etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().access.projectsLimit).toBe(5);
  });

  it("never answers 304 for another user's workspace", async () => {
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const etag = (await read()).headers.etag as string;
    const res = await t.app.inject({
      method: 'GET',
      url: `/workspaces/${ada.workspaceId}`,
      headers: { ...eve.headers, 'if-none-match': etag },
    });
    expect(res.statusCode).toBe(404);
  });
});
