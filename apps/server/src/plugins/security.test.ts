import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import helmet from 'helmet';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
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
