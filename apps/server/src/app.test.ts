import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

describe('the app shell', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({
      status: 'ready',
      database: 'ok',
      dialect: 'sqlite',
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/api/v1/nope', '/auth/nope', '/workspaces/x/y/z']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const post = await t.app.inject({ method: 'POST', url: '/plan' });
    expect(post.statusCode).toBe(404);
  });

  it('serves the web app with an index.html fallback for app routes', async () => {
    for (const url of ['/', '/plan', '/invite/abcdefghijkl', '/automation/configure/create']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('sends security headers on pages, API answers and errors alike', async () => {
    for (const url of ['/plan', '/healthz', '/api/v1/session', '/api/v1/nope']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeDefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('documents the API from the shared schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/auth/code/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('code');
    expect(doc.paths).toHaveProperty('/api/v1/session');
    // Every session endpoint says what an access token needs to call it (issue 32).
    expect(doc.paths['/api/v1/tasks'].post.description).toContain(
      'Access tokens: needs the "write" scope.',
    );
    expect(doc.paths['/api/v1/tokens'].post.description).toContain(
      'Access tokens: not accepted; a signed-in session only.',
    );
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('flood guard', () => {
  it('answers 429 with the error shape past the per-minute limit, and never for the app itself', async () => {
    const t = await createTestApp('sqlite', { env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await t.app.inject('/api/v1/session'));
      expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 429]);
      // Answers under the limit carry no rate headers (decision 039); a refusal says when to retry.
      expect(answers[0]!.headers['x-ratelimit-remaining']).toBeUndefined();
      const limited = await t.app.inject('/api/v1/session');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['x-ratelimit-limit']).toBe('3');
      expect(limited.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Slow down and try again.',
      });
      for (let i = 0; i < 5; i++) expect((await t.app.inject('/plan')).statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  });

  it('counts encoded spellings of API paths, which reach the same routes', async () => {
    const t = await createTestApp('sqlite', { env: { API_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const urls = [
        '/%61pi/v1/session',
        '/api/v1/%73ession',
        '/%61%70%69/v1/session',
        '/api/v1/session',
      ];
      const statuses = [];
      for (const url of urls) statuses.push((await t.app.inject(url)).statusCode);
      // The first three reach the session route (401 without a token) and use up the limit.
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await t.app.inject('/%61pi/v1/nope')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('CORS', () => {
  it('is off unless configured, and then allows only the listed origins', async () => {
    const t = await createTestApp('sqlite', { env: { CORS_ORIGINS: 'https://app.example' } });
    try {
      const allowed = await t.app.inject({
        url: '/healthz',
        headers: { origin: 'https://app.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
      const other = await t.app.inject({
        url: '/healthz',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
