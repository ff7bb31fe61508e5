import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClientFor } from '../testing/api-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDialects } from '../testing/test-databases.ts';
import { headersOf } from './security.ts';

/** The sources of one directive of a policy. */
function sourcesOf(policy: unknown, name: string): string[] {
  const directive = String(policy)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return directive?.slice(1) ?? [];
}

const styleHash = (css: string) =>
  `'sha256-${crypto.createHash('sha256').update(css).digest('base64')}'`;

describe('server-made pages under the CSP', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('allow exactly their own inline style by its hash, and the app no inline style at all', async () => {
    t = await createTestApp('sqlite');
    const pages = [
      '/auth/magic/confirm?token=not-a-real-token',
      `/billing/sandbox-checkout/${crypto.randomUUID()}`,
      `/billing/sandbox-portal/${crypto.randomUUID()}`,
    ];
    for (const url of pages) {
      const page = await t.app.inject(url);
      expect(page.headers['content-type'], url).toContain('text/html');
      const styles = [...page.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(styles, url).toHaveLength(1);
      expect(sourcesOf(page.headers['content-security-policy'], 'style-src'), url).toEqual([
        "'self'",
        styleHash(styles[0]!),
      ]);
      expect(page.body, url).not.toContain('nonce');
    }
    const app = await t.app.inject('/plan');
    expect(sourcesOf(app.headers['content-security-policy'], 'style-src')).toEqual(["'self'"]);
    expect(sourcesOf(app.headers['content-security-policy'], 'script-src')).toEqual(["'self'"]);
  });

  it('let the app install its offline service worker and manifest from its own origin only', async () => {
    t = await createTestApp('sqlite');
    const policy = (await t.app.inject('/plan')).headers['content-security-policy'];
    expect(sourcesOf(policy, 'worker-src')).toEqual(["'self'"]);
    expect(sourcesOf(policy, 'manifest-src')).toEqual(["'self'"]);
  });
});

describe.each(testDialects)('caching of API answers (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('lets no cache keep a private answer, and the workspace read only to revalidate', async () => {
    t = await createTestApp(dialect);
    const ada = await apiClientFor(t.app, 'ada@example.com');
    const task = await ada.call('createTask', {
      body: { workspaceId: ada.workspaceId, name: 'Seeds' },
    });
    const answers = {
      session: await ada.call('getSession', {}),
      export: await ada.call('exportData', {}),
      version: await ada.call('getWorkspaceVersion', {}),
      task,
      signedOut: await t.app.inject('/api/v1/session'),
      unknown: await ada.get('/api/v1/nothing-here'),
      signIn: await t.app.inject({
        method: 'POST',
        url: '/auth/code/authorize',
        payload: { email: 'bea@example.com' },
      }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }

    // The browser revalidates the workspace with If-None-Match (decision 036), which it does
    // only for an answer it may keep: private, and never used without asking.
    const read = await ada.get(`/workspaces/${ada.workspaceId}`);
    expect(read.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      url: `/workspaces/${ada.workspaceId}`,
      headers: { ...ada.headers, 'if-none-match': String(read.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');

    // Public answers keep their own caching.
    expect((await t.app.inject('/healthz')).headers['cache-control']).toBeUndefined();
    const docs = await t.app.inject('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).toBeUndefined();
  });
});

describe('security headers read once', () => {
  it('are the headers helmet itself writes on a response', () => {
    const options = {
      hsts: { maxAge: 60, includeSubDomains: true },
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
    };
    const response = new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
    response.setHeader('x-powered-by', 'something');
    helmet(options)(response.req, response, () => undefined);
    const written = Object.fromEntries(
      Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
    );

    expect(headersOf(options)).toEqual(written);
    expect(headersOf(options)['strict-transport-security']).toBe('max-age=60; includeSubDomains');
    expect(headersOf(options)).not.toHaveProperty('x-powered-by');
  });
});
