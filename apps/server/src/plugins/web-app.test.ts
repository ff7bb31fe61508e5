import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor } from '../testing/api-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDialects } from '../testing/test-databases.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('hello from the app '.repeat(200))};\n`;
const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
const PAGE = `<!doctype html><html><head><title>Hustle</title><script>${THEME_SCRIPT}</script></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;

describe('the built web app, precompressed', () => {
  let dir: string;
  let t: TestApp;

  /** A build as `npm run build -w @hustle/web` leaves it: each text file beside its .br and .gz. */
  function writeBuilt(file: string, content: string) {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
    fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content));
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-web-dist-'));
    writeBuilt('index.html', PAGE);
    writeBuilt('assets/index-abc123.js', SCRIPT);
    t = await createTestApp('sqlite', { env: { WEB_DIST_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the .br copy of a hashed script to a browser that accepts brotli, cached for good', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(
      res.rawPayload.equals(fs.readFileSync(path.join(dir, 'assets/index-abc123.js.br'))),
    ).toBe(true);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the .gz copy to a browser that accepts only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts no coding', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it("sends the app's page compressed for a screen's address, and never cached", async () => {
    const res = await get('/plan', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    expect((await get('/plan')).body).toBe(PAGE);
  });

  it("lets the page's own inline script run, and no other", async () => {
    const policy = String((await get('/plan')).headers['content-security-policy']);
    const scriptSrc = policy
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scriptSrc?.trim().split(/\s+/)).toEqual(['script-src', "'self'", `'sha256-${hash}'`]);
  });
});

describe.each(testDialects)("the server's own pages and the app's icon (%s)", (dialect) => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-web-dist-'));
    fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
    const icon = path.join(import.meta.dirname, '..', '..', '..', 'web', 'public', 'favicon.svg');
    fs.copyFileSync(icon, path.join(dir, 'favicon.svg'));
    t = await createTestApp(dialect, { env: { WEB_DIST_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function expectIcon(url: string) {
    const res = await t.app.inject(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
    expect(res.body, url).toContain('<svg');
  }

  it('name an icon that answers, as /favicon.ico does', async () => {
    const ada = await apiClientFor(t.app, 'ada@example.com');
    const checkout = (await ada.callOk('purchasePlan', { body: { period: 'quarter' } }))
      .redirectUrl;
    const pages = [checkout, '/auth/magic/confirm?token=not-a-real-token'];
    const paid = await t.app.inject({
      method: 'POST',
      url: checkout,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(paid.statusCode).toBe(303);
    pages.push((await ada.callOk('openBillingPortal')).redirectUrl);
    for (const url of pages) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBeLessThan(500);
      const icon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(page.body);
      expect(icon?.[1], url).toBe('/favicon.svg');
      await expectIcon(icon![1]!);
    }
    await expectIcon('/favicon.ico');
  });
});
