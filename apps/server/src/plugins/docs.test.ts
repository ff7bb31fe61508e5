import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { SWAGGER_UI_STYLE_HASHES } from './docs.ts';

/** Directive name → sources. */
function directives(policy: unknown): Map<string, string[]> {
  return new Map(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const production = {
  NODE_ENV: 'production',
  SECRET_KEY: 'd'.repeat(32),
  SMTP_URL: 'smtp://mail.invalid:587',
  SANDBOX_CHECKOUT_IN_PRODUCTION: 'true',
} as const;

describe('the API docs page', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it("runs under the app's policy, plus only the hash of swagger-ui's one inline style", async () => {
    t = await createTestApp('sqlite');
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const docs = directives(page.headers['content-security-policy']);
    const app = directives(
      (await t.app.inject('/api/v1/session')).headers['content-security-policy'],
    );

    expect([...docs.keys()].sort()).toEqual([...app.keys()].sort());
    for (const [name, sources] of app) {
      expect(docs.get(name), name).toEqual(
        name === 'style-src' ? [...sources, ...SWAGGER_UI_STYLE_HASHES] : sources,
      );
    }
    expect(docs.get('script-src')).toEqual(["'self'"]);
    expect(docs.get('frame-ancestors')).toEqual(["'none'"]);
    expect(docs.get('object-src')).toEqual(["'none'"]);
    expect(String(page.headers['content-security-policy'])).not.toMatch(/unsafe-|https:|\*/);

    // Its scripts and styles are served from here, not a CDN.
    for (const asset of [
      'swagger-ui-bundle.js',
      'swagger-ui-standalone-preset.js',
      'swagger-ui.css',
    ]) {
      expect((await t.app.inject(`/api/docs/static/${asset}`)).statusCode, asset).toBe(200);
    }
  });

  it("allows by hash exactly the inline styles swagger-ui's bundle renders", () => {
    const require = createRequire(import.meta.url);
    const staticDir = path.join(
      path.dirname(require.resolve('@fastify/swagger-ui/package.json')),
      'static',
    );
    const hashes = fs
      .readdirSync(staticDir)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => [
        ...fs
          .readFileSync(path.join(staticDir, file), 'utf8')
          .matchAll(/createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g),
      ])
      .map(([, literal]) => JSON.parse(literal!) as string)
      .map((css) => `'sha256-${crypto.createHash('sha256').update(css).digest('base64')}'`);
    expect(hashes.length).toBeGreaterThan(0);
    expect([...new Set(hashes)].sort()).toEqual([...SWAGGER_UI_STYLE_HASHES].sort());
  });

  it('is off by default in production, and on when API_DOCS=true', async () => {
    t = await createTestApp('sqlite', { env: production });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    await t.close();

    t = await createTestApp('sqlite', { env: { ...production, API_DOCS: 'true' } });
    expect((await t.app.inject('/api/docs')).statusCode).toBe(200);
    expect((await t.app.inject('/api/docs/json')).json().info.title).toBe('Hustle API');
    await t.close();

    t = await createTestApp('sqlite', { env: { API_DOCS: 'false' } });
    expect((await t.app.inject('/api/docs/json')).statusCode).toBe(404);
  });
});
