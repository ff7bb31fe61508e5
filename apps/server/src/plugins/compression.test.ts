import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from '../testing/api-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDialects } from '../testing/test-databases.ts';

/** The answer's body as the client reads it once it has undone the coding. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(raw).toString('utf8');
    case undefined:
      return raw.toString('utf8');
    default:
      throw new Error(`unexpected coding ${String(res.headers['content-encoding'])}`);
  }
}

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary)
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe.each(testDialects)('compressed API answers (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  let projectId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
    ({ projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Reports' },
    }));
    // Long names, so the answers are tens of kilobytes, as real ones are.
    for (let i = 0; i < 50; i++) {
      const res = await ada.post('/api/v1/tasks', {
        workspaceId: ada.workspaceId,
        ...(i % 5 === 0 ? { projectId } : {}),
        name: `Task ${i}: ${'write the quarterly report and send it round '.repeat(8)}`,
      });
      expect(res.statusCode).toBe(200);
    }
  });
  afterEach(() => t.close());

  const readWorkspace = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/workspaces/${ada.workspaceId}`,
      headers: { ...ada.headers, ...headers },
    });

  it('sends the workspace in the coding the client prefers, decoding to the same JSON', async () => {
    const plain = await readWorkspace();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(20_000);

    // The first compressed read builds the answer again after nothing; the second is kept.
    for (const attempt of [1, 2]) {
      const br = await readWorkspace({ 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.statusCode, `attempt ${attempt}`).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(varies(br)).toEqual(expect.arrayContaining(['authorization', 'accept-encoding']));
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(br.rawPayload.length).toBeLessThan(plain.body.length / 5);
      expect(JSON.parse(decoded(br))).toEqual(plain.json());
    }

    const gzip = await readWorkspace({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());
  });

  it('still answers 304 to a client that takes compressed answers', async () => {
    const first = await readWorkspace({ 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    const same = await readWorkspace({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers['content-encoding']).toBeUndefined();
  });

  it('compresses other large answers and leaves small ones as they are', async () => {
    const projectTasks = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/tasks`,
      headers: { ...ada.headers, 'accept-encoding': 'gzip' },
    });
    expect(projectTasks.statusCode).toBe(200);
    expect(projectTasks.headers['content-encoding']).toBe('gzip');
    expect(varies(projectTasks)).toContain('accept-encoding');
    expect(JSON.parse(decoded(projectTasks))).toHaveLength(10);

    const version = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/version',
      headers: { ...ada.headers, 'accept-encoding': 'br, gzip' },
    });
    expect(version.statusCode).toBe(200);
    expect(version.headers['content-encoding']).toBeUndefined();
    expect(version.json().workspaceId).toBe(ada.workspaceId);
  });
});
