import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

describe.each(testDialects)('sign-in with a magic link (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const authorize = (query: string, accept = 'text/html') =>
    t.app.inject({ method: 'GET', url: `/auth/magic/authorize?${query}`, headers: { accept } });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
  const confirm = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/magic/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });

  it('redirects a browser to the sent screen with the debug link', async () => {
    const res = await authorize('email=Ada%40Example.com');
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/magic-link/sent');
    expect(location.searchParams.get('email')).toBe('ada@example.com');
    const debugLink = location.searchParams.get('debugLink') ?? '';
    expect(debugLink).toMatch(/^http:\/\/hustle\.test\/auth\/magic\/confirm\?token=/);
    expect(t.mailer.last().html).toContain(debugLink);
    expect(tokenOf(debugLink).length).toBeGreaterThanOrEqual(22);
  });

  it('sends a bad address back to the form with a message', async () => {
    const res = await authorize('email=nope');
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, 'http://x');
    expect(location.pathname).toBe('/magic-link');
    expect(location.searchParams.get('error')).toMatch(/valid e-mail/);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('answers JSON to API clients', async () => {
    const res = await authorize('email=ada@example.com', 'application/json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ada@example.com', debugLink: expect.any(String) });
    const bad = await authorize('email=nope', 'application/json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('shows a confirm page on GET without using the link, and signs in on POST once', async () => {
    const { debugLink } = (await authorize('email=ada@example.com', 'application/json')).json();
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(debugLink).pathname + new URL(debugLink).search,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<form method="post" action="/auth/magic/confirm">');

    const used = await confirm(tokenOf(debugLink));
    expect(used.statusCode).toBe(303);
    const landing = new URL(used.headers.location as string);
    expect(landing.origin).toBe('http://hustle.test');
    const accessToken = landing.searchParams.get('token') ?? '';
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json().email).toBe('ada@example.com');

    const again = await confirm(tokenOf(debugLink));
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toMatch(/^\/magic-link\?error=/);
    const pageAfter = await t.app.inject({
      method: 'GET',
      url: `/auth/magic/confirm?token=${tokenOf(debugLink)}`,
    });
    expect(pageAfter.body).toContain('This link cannot be used');
  });

  it('expires after 15 minutes', async () => {
    const { debugLink } = (await authorize('email=ada@example.com', 'application/json')).json();
    t.clock.advance(15 * 60_000 + 1);
    const res = await confirm(tokenOf(debugLink));
    expect(res.headers.location).toMatch(/^\/magic-link\?error=.*expired/);
  });

  it('comes back to the invite the sign-in started from, and to nothing else', async () => {
    const invite = '/invite/abcdefghijklmnopqrstu';
    const { debugLink } = (
      await authorize(
        `email=ada@example.com&returnTo=${encodeURIComponent(invite)}`,
        'application/json',
      )
    ).json();
    const res = await confirm(tokenOf(debugLink));
    expect(res.headers.location).toMatch(
      /^http:\/\/hustle\.test\/invite\/abcdefghijklmnopqrstu\?token=/,
    );

    for (const returnTo of [
      'https://evil.example',
      '/plan',
      '//evil.example/invite/abcdefghijklmnop',
    ]) {
      const bad = await authorize(
        `email=ada@example.com&returnTo=${encodeURIComponent(returnTo)}`,
        'application/json',
      );
      expect(bad.statusCode, returnTo).toBe(400);
      expect(bad.json().error.message).toMatch(/Only an invite/);
    }
  });

  it('lands on a local development callback, and refuses any other', async () => {
    const { debugLink } = (
      await authorize(
        `email=ada@example.com&callback=${encodeURIComponent('http://localhost:5173/x')}`,
        'application/json',
      )
    ).json();
    const page = await t.app.inject(`/auth/magic/confirm?token=${tokenOf(debugLink)}`);
    expect(page.headers['content-security-policy']).toContain(
      "form-action 'self' http://localhost:5173",
    );
    const res = await confirm(tokenOf(debugLink));
    expect(res.headers.location).toMatch(/^http:\/\/localhost:5173\/\?token=/);

    const evil = await authorize(
      `email=ada@example.com&callback=${encodeURIComponent('https://evil.example')}`,
      'application/json',
    );
    expect(evil.statusCode).toBe(400);
    expect(evil.json().error.message).toMatch(/local development address/);
  });
});

describe.each(testDialects)('magic-link callbacks in production (%s)', (dialect) => {
  const production = {
    NODE_ENV: 'production',
    SECRET_KEY: 'p'.repeat(40),
    MAIL_LOG_IN_PRODUCTION: 'true',
    SANDBOX_CHECKOUT_IN_PRODUCTION: 'true',
  } as const;
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const authorize = (app: TestApp, callback: string) =>
    app.app.inject({
      method: 'GET',
      url: `/auth/magic/authorize?email=ada@example.com&callback=${encodeURIComponent(callback)}`,
      headers: { accept: 'application/json' },
    });

  it('refuses a local callback, which any program on the machine could listen at', async () => {
    t = await createTestApp(dialect, { env: production });
    for (const callback of ['http://127.0.0.1:4444/', 'http://localhost:5173/x']) {
      const res = await authorize(t, callback);
      expect(res.statusCode, callback).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The callback must be an origin this server allows.',
      });
    }
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('lands on an origin listed in MAGIC_LINK_CALLBACK_ORIGINS, and on no other', async () => {
    t = await createTestApp(dialect, {
      env: {
        ...production,
        MAGIC_LINK_CALLBACK_ORIGINS: 'https://desk.example, http://127.0.0.1:4444',
      },
    });
    expect((await authorize(t, 'https://desk.example/landing')).statusCode).toBe(200);
    const link = /http:\/\/hustle\.test\/auth\/magic\/confirm\?token=([\w-]+)/.exec(
      t.mailer.last().html,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/magic/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${link![1]}`,
    });
    expect(res.headers.location).toMatch(/^https:\/\/desk\.example\/\?token=/);
    expect((await authorize(t, 'http://127.0.0.1:4444/')).statusCode).toBe(200);
    for (const callback of [
      'http://127.0.0.1:4445/',
      'http://desk.example/',
      'https://evil.example',
    ]) {
      expect((await authorize(t, callback)).statusCode, callback).toBe(400);
    }
  });
});
