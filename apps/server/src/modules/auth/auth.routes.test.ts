import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';

describe.each(testDialects)('sign-in with a code (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, {
      env: { AUTH_IP_CODE_REQUESTS_PER_10_MIN: '4', AUTH_IP_FAILURES_PER_10_MIN: '8' },
    });
  });
  afterEach(() => t.close());

  const authorize = (email: unknown, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/auth/code/authorize',
      payload: { email },
      remoteAddress: ip,
    });
  const login = (email: string, code: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/auth/code/login',
      payload: { email, code },
      remoteAddress: ip,
    });
  const session = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${token}` },
    });

  it('sends a code to the normalised address and returns the debug code', async () => {
    const res = await authorize('  Ada@Example.COM ');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.email).toBe('ada@example.com');
    expect(body.sentAt).toBe(t.clock.now().toISOString());
    expect(body.debugCode).toMatch(/^[A-Z0-9]{6}$/);
    const mail = t.mailer.last();
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain(body.debugCode);
    expect(mail.html).toContain(body.debugCode);
  });

  it('stores only a keyed hash of the code', async () => {
    const { debugCode } = (await authorize('ada@example.com')).json();
    const row = await t.database.db.selectFrom('login_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(debugCode);
  });

  it('rejects a bad e-mail with a clear message and stores nothing', async () => {
    for (const email of ['nope', '', `${'a'.repeat(96)}@x.io`, 42]) {
      const res = await authorize(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.message).toMatch(/email/i);
    }
    expect(await t.database.db.selectFrom('login_codes').selectAll().execute()).toHaveLength(0);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('signs in with the code, creating the user and workspace once', async () => {
    const { debugCode } = (await authorize('ada@example.com')).json();
    const res = await login('ada@example.com', debugCode.toLowerCase());
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json();
    expect(accessToken.length).toBeGreaterThanOrEqual(43);

    const me = await session(accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ada@example.com',
      featureFlags: ['automation', 'subscription'],
    });
    const first = me.json();

    t.clock.advance(61_000);
    const again = await signIn(t.app, 'ada@example.com');
    const second = (await session(again.token)).json();
    expect(second.userId).toBe(first.userId);
    expect(second.workspaceId).toBe(first.workspaceId);
    expect(await t.database.db.selectFrom('users').selectAll().execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('workspaces').selectAll().execute()).toHaveLength(1);
  });

  it("keeps the browser's time zone, and ignores one that does not exist", async () => {
    const zoneOf = async (email: string) =>
      (
        await t.database.db
          .selectFrom('users')
          .select('timezone')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).timezone;
    const first = (await authorize('ada@example.com')).json().debugCode;
    await t.app.inject({
      method: 'POST',
      url: '/auth/code/login',
      payload: { email: 'ada@example.com', code: first, timezone: 'Europe/Warsaw' },
    });
    expect(await zoneOf('ada@example.com')).toBe('Europe/Warsaw');
    const second = (await authorize('bob@example.com', '10.0.0.2')).json().debugCode;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/code/login',
      payload: { email: 'bob@example.com', code: second, timezone: 'Mars/Olympus' },
    });
    expect(res.statusCode).toBe(200);
    expect(await zoneOf('bob@example.com')).toBe('UTC');
  });

  it('stores only the SHA-256 of access tokens', async () => {
    const { token } = await signIn(t.app, 'ada@example.com');
    const row = await t.database.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toBe(token);
  });

  it('answers CODE_INVALID for a wrong code and still accepts the right one', async () => {
    const { debugCode } = (await authorize('ada@example.com')).json();
    const wrong = debugCode === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const res = await login('ada@example.com', wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_INVALID');
    expect((await login('ada@example.com', debugCode)).statusCode).toBe(200);
  });

  it('kills the code on the fifth wrong try', async () => {
    const { debugCode } = (await authorize('ada@example.com')).json();
    const wrong = debugCode === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    for (let i = 0; i < 5; i++)
      expect((await login('ada@example.com', wrong)).statusCode).toBe(400);
    const res = await login('ada@example.com', debugCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_INVALID');
  });

  it('answers CODE_EXPIRED after 10 minutes', async () => {
    const { debugCode } = (await authorize('ada@example.com')).json();
    t.clock.advance(10 * 60_000 + 1);
    const res = await login('ada@example.com', debugCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_EXPIRED');
  });

  it('lets a code be used once only, also by two parallel logins', async () => {
    const { debugCode } = (await authorize('ada@example.com')).json();
    const results = await Promise.all([
      login('ada@example.com', debugCode),
      login('ada@example.com', debugCode),
      login('ada@example.com', debugCode),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await login('ada@example.com', debugCode)).statusCode).toBe(400);
  });

  it('refuses a new code within 60 s, then replaces the old one', async () => {
    const first = (await authorize('ada@example.com')).json().debugCode;
    const early = await authorize('ada@example.com');
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(early.json().error.message).toMatch(/new one in \d+ s/);

    t.clock.advance(60_000);
    const second = (await authorize('ada@example.com')).json().debugCode;
    if (first !== second) {
      expect((await login('ada@example.com', first)).json().error.code).toBe('CODE_INVALID');
    }
    expect((await login('ada@example.com', second)).statusCode).toBe(200);
  });

  it('limits code requests per IP', async () => {
    for (let i = 0; i < 4; i++)
      expect((await authorize(`u${i}@example.com`, '10.9.9.9')).statusCode).toBe(200);
    const res = await authorize('u5@example.com', '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toMatch(/too many code requests/i);
    expect((await authorize('u5@example.com', '10.9.9.10')).statusCode).toBe(200);
    t.clock.advance(10 * 60_000 + 1);
    expect((await authorize('u6@example.com', '10.9.9.9')).statusCode).toBe(200);
  });

  it('limits failed entries per IP', async () => {
    await authorize('ada@example.com', '10.1.1.1');
    for (let i = 0; i < 8; i++) await login('ada@example.com', 'ZZZZZ9', '10.7.7.7');
    const res = await login('ada@example.com', 'ZZZZZ9', '10.7.7.7');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toMatch(/too many wrong codes/i);
  });

  it('answers the same for unknown and known addresses', async () => {
    const unknown = await authorize('nobody@example.com');
    await signIn(t.app, 'known@example.com', '10.0.0.2');
    t.clock.advance(61_000);
    const known = await authorize('known@example.com', '10.0.0.3');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort());
  });

  it('rejects malformed bodies and unknown fields', async () => {
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/auth/code/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON.',
    });

    const extra = await t.app.inject({
      method: 'POST',
      url: '/auth/code/login',
      payload: { email: 'ada@example.com', code: 'ABC123', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('VALIDATION_FAILED');

    const shortCode = await login('ada@example.com', 'ABC');
    expect(shortCode.statusCode).toBe(400);
    expect(shortCode.json().error.message).toMatch(/6 letters or digits/);
  });
});

describe.each(testDialects)('sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const session = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/session', headers });

  it('answers 401 without a token or with an unknown one', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await session(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('revokes the token on logout', async () => {
    const { headers } = await signIn(t.app, 'ada@example.com');
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers });
    expect(out.statusCode).toBe(204);
    expect((await session(headers)).statusCode).toBe(401);
  });

  it('ends after 30 idle days and after 90 days in all', async () => {
    const { headers } = await signIn(t.app, 'ada@example.com');
    t.clock.advance(29 * 86_400_000);
    expect((await session(headers)).statusCode).toBe(200);
    t.clock.advance(31 * 86_400_000);
    expect((await session(headers)).statusCode).toBe(401);

    const fresh = await signIn(t.app, 'bob@example.com', '10.0.0.5');
    for (let day = 0; day < 90; day += 20) {
      t.clock.advance(20 * 86_400_000);
      const res = await session(fresh.headers);
      expect(res.statusCode).toBe(day + 20 < 90 ? 200 : 401);
    }
  });

  it('gives every sign-in a new token', async () => {
    const a = await signIn(t.app, 'ada@example.com');
    t.clock.advance(61_000);
    const b = await signIn(t.app, 'ada@example.com');
    expect(a.token).not.toBe(b.token);
    expect((await session(a.headers)).statusCode).toBe(200);
    expect((await session(b.headers)).statusCode).toBe(200);
  });
});

describe('production', () => {
  it('never returns a debug code, even when mail goes to the log', async () => {
    const t = await createTestApp('sqlite', {
      env: {
        NODE_ENV: 'production',
        SECRET_KEY: 'x'.repeat(40),
        MAIL_LOG_IN_PRODUCTION: 'true',
        SANDBOX_CHECKOUT_IN_PRODUCTION: 'true',
      },
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/code/authorize',
        payload: { email: 'ada@example.com' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('debugCode');
      expect(t.mailer.sent).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
