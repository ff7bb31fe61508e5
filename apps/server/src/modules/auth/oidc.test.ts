import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED_MESSAGE } from '@hustle/shared/admin';
import { apiClientFor } from '../../testing/api-client.ts';
import {
  startTestProvider,
  TEST_OIDC_CLIENT,
  type TestProvider,
} from '../../testing/oidc-provider.ts';
import { createTestApp, signIn, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

const APP_URL = 'http://hustle.test';

/** The provider's users; the login name typed into its form is the subject. */
const USERS = {
  ada: { email: 'Ada@Example.com', email_verified: true },
  bea: { email: 'bea@example.com', email_verified: true },
  mallory: { email: 'cy@example.com', email_verified: false },
  newbie: { email: 'dot@example.com', email_verified: false },
};

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider(APP_URL, USERS);
});
afterAll(() => provider.close());

const oidcEnv = () => ({
  APP_URL,
  OIDC_ISSUER_URL: provider.issuer,
  OIDC_CLIENT_ID: TEST_OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.secret,
  OIDC_NAME: 'Test ID',
});

describe.each(testDialects)('single sign-on by OpenID Connect (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { env: oidcEnv() });
  });
  afterEach(() => t.close());

  /** The app's start: where it sends the browser, and the flow cookie it sets. */
  async function start(app = t.app, query = '') {
    const res = await app.inject({ method: 'GET', url: `/auth/oidc/start${query}` });
    expect(res.statusCode).toBe(302);
    const flowCookie = res.cookies.find((cookie) => cookie.name === 'hustle_oidc');
    expect(flowCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/auth/oidc/callback',
    });
    return {
      location: new URL(String(res.headers.location)),
      cookie: `hustle_oidc=${flowCookie!.value}`,
    };
  }
  const callback = (url: URL, cookie: string, app = t.app) =>
    app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });
  /** Where a refused callback sends the browser back to, and the message it shows. */
  const refusal = (res: Awaited<ReturnType<typeof callback>>) => {
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location), APP_URL);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.has('token')).toBe(false);
    return location.searchParams.get('error');
  };
  async function signInAs(login: string, app = t.app) {
    const { location, cookie } = await start(app);
    return callback(await provider.signInThrough(location.href, login), cookie, app);
  }
  const tokenOf = (res: Awaited<ReturnType<typeof callback>>) => {
    expect(res.statusCode).toBe(303);
    const landing = new URL(String(res.headers.location));
    return { landing, token: landing.searchParams.get('token') ?? '' };
  };
  const sessionOf = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${token}` },
    });
  const userCount = async () => {
    const { n } = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  it('offers the provider on the login screen', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/options' });
    expect(res.json()).toEqual({
      email: true,
      sso: { name: 'Test ID', startPath: '/auth/oidc/start' },
    });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const { location } = await start();
    expect(location.origin).toBe(provider.issuer);
    const params = location.searchParams;
    expect(params.get('client_id')).toBe('hustle');
    expect(params.get('redirect_uri')).toBe(`${APP_URL}/auth/oidc/callback`);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });

  it('signs up a new account end to end and lands on the app with a token', async () => {
    const { landing, token } = tokenOf(await signInAs('ada'));
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP_URL}/`);
    const session = await sessionOf(token);
    expect(session.statusCode).toBe(200);
    expect(session.json().email).toBe('ada@example.com');
    expect(await userCount()).toBe(1);
  });

  it('links an existing account by its verified e-mail and comes back to an invite', async () => {
    const bea = await apiClientFor(t.app, 'bea@example.com');
    const { location, cookie } = await start(
      t.app,
      '?returnTo=%2Finvite%2Fabcdef123456&timezone=Europe%2FWarsaw',
    );
    const res = await callback(await provider.signInThrough(location.href, 'bea'), cookie);
    const { landing, token } = tokenOf(res);
    expect(landing.pathname).toBe('/invite/abcdef123456');
    expect((await sessionOf(token)).json().userId).toBe(bea.userId);
    expect(await userCount()).toBe(1);
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const { location, cookie } = await start();
    const back = await provider.signInThrough(location.href, 'ada');
    back.searchParams.set('state', 'another-state-value-of-some-length');
    expect(refusal(await callback(back, cookie))).toMatch(
      /expired or was started in another browser/,
    );
    expect(await userCount()).toBe(0);
  });

  it('refuses a callback without the flow cookie, or with a forged one', async () => {
    const { location, cookie } = await start();
    const back = await provider.signInThrough(location.href, 'ada');
    expect(refusal(await callback(back, ''))).toMatch(/expired/);
    const forged = cookie.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(refusal(await callback(back, forged))).toMatch(/expired/);
    expect(await userCount()).toBe(0);
  });

  it('refuses an ID token carrying another nonce', async () => {
    const { location, cookie } = await start();
    location.searchParams.set('nonce', 'a-nonce-this-browser-never-started');
    const back = await provider.signInThrough(location.href, 'ada');
    expect(refusal(await callback(back, cookie))).toMatch(/could not be checked/);
    expect(await userCount()).toBe(0);
  });

  it('does not link an unverified e-mail to the account that has it, nor sign it up', async () => {
    const cy = await apiClientFor(t.app, 'cy@example.com');
    const sessionsBefore = (await cy.callOk('listSessions')).sessions.length;
    expect(refusal(await signInAs('mallory'))).toBe(
      'Your e-mail address cy@example.com is not verified there, so it cannot sign in to Hustle. ' +
        'Verify it with your sign-in provider and try again.',
    );
    expect((await cy.callOk('listSessions')).sessions).toHaveLength(sessionsBefore);
    expect(refusal(await signInAs('newbie'))).toMatch(/dot@example\.com is not verified/);
    expect(await userCount()).toBe(1);
  });

  it('refuses a disabled account with the admin’s text', async () => {
    const admin = await apiClientFor(t.app, TEST_ADMIN_EMAIL);
    const bea = await apiClientFor(t.app, 'bea@example.com');
    await admin.callOk('disableUser', { params: { id: bea.userId } });
    expect(refusal(await signInAs('bea'))).toBe(ACCOUNT_DISABLED_MESSAGE);
  });

  it('passes on the provider’s refusal', async () => {
    const { location, cookie } = await start();
    const back = new URL(`${APP_URL}/auth/oidc/callback?error=access_denied`);
    back.searchParams.set('state', location.searchParams.get('state')!);
    back.searchParams.set('iss', provider.issuer);
    expect(refusal(await callback(back, cookie))).toMatch(/cancelled or refused/);
  });

  it('keeps a new address out where sign-up is closed, unless it comes from a live invite', async () => {
    const closed = await createTestApp(dialect, {
      env: { ...oidcEnv(), SIGNUP: 'closed' },
      database: t.database,
    });
    try {
      const refused = refusal(await signInAs('ada', closed.app));
      expect(refused).toMatch(/invite-only/);
      expect(await userCount()).toBe(0);

      const owner = await apiClientFor(t.app, 'bea@example.com');
      const { projectId } = await owner.callOk('createProject', {
        body: { workspaceId: owner.workspaceId, name: 'Garden' },
      });
      const { inviteLink } = await owner.callOk('getInviteLink', { params: { projectId } });
      const returnTo = encodeURIComponent(inviteLink.replace(/^.*(\/invite\/)/, '$1'));
      const { location, cookie } = await start(closed.app, `?returnTo=${returnTo}`);
      const back = await provider.signInThrough(location.href, 'ada');
      const { token } = tokenOf(await callback(back, cookie, closed.app));
      expect((await sessionOf(token)).json().email).toBe('ada@example.com');
    } finally {
      await closed.app.close();
    }
  });

  it('finishes on another server than the one it started on', async () => {
    const other = await createTestApp(dialect, { env: oidcEnv(), database: t.database });
    try {
      const { location, cookie } = await start(t.app);
      const back = await provider.signInThrough(location.href, 'ada');
      const { token } = tokenOf(await callback(back, cookie, other.app));
      expect((await sessionOf(token)).json().email).toBe('ada@example.com');
    } finally {
      await other.app.close();
    }
  });
});

describe.each(testDialects)('sign-in settings (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('OIDC_ONLY hides and refuses e-mail sign-in', async () => {
    t = await createTestApp(dialect, { env: { ...oidcEnv(), OIDC_ONLY: 'true' } });
    const options = await t.app.inject({ method: 'GET', url: '/auth/options' });
    expect(options.json()).toMatchObject({ email: false, sso: { name: 'Test ID' } });
    const code = await t.app.inject({
      method: 'POST',
      url: '/auth/code/authorize',
      payload: { email: 'ada@example.com' },
    });
    expect(code.statusCode).toBe(403);
    expect(code.json().error.message).toMatch(/single sign-on only/);
    const link = await t.app.inject({
      method: 'GET',
      url: '/auth/magic/authorize?email=ada%40example.com',
      headers: { accept: 'application/json' },
    });
    expect(link.statusCode).toBe(403);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('without a provider, offers e-mail only and sends a start back to the login screen', async () => {
    t = await createTestApp(dialect);
    const options = await t.app.inject({ method: 'GET', url: '/auth/options' });
    expect(options.json()).toEqual({ email: true, sso: null });
    const res = await t.app.inject({ method: 'GET', url: '/auth/oidc/start' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/login?error=${encodeURIComponent('Single sign-on is not set up on this server.')}`,
    );
    await signIn(t.app, 'ada@example.com');
  });

  it('tells when the provider cannot be reached', async () => {
    t = await createTestApp(dialect, {
      env: { ...oidcEnv(), OIDC_ISSUER_URL: 'http://127.0.0.1:9/' },
    });
    const res = await t.app.inject({ method: 'GET', url: '/auth/oidc/start' });
    expect(decodeURIComponent(String(res.headers.location))).toBe(
      '/login?error=Test ID cannot be reached right now. Try again later.',
    );
  });
});
