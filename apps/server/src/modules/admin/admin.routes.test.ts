import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED_MESSAGE } from '@hustle/shared/admin';
import { endpointUrl } from '@hustle/shared/endpoint';
import { eventsApi } from '@hustle/shared/events.api';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, signIn, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

/** Reads a live stream until it says the session is signed out, or gives up. */
async function signedOutWithin(url: string, headers: Record<string, string>, timeoutMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let text = '';
  try {
    const res = await fetch(url, { headers, signal: controller.signal });
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      text += Buffer.from(chunk).toString();
      if (text.includes('event: signed-out')) return true;
    }
  } catch {
    // aborted: not signed out in time
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return false;
}

describe.each(testDialects)('the instance admin page (%s)', (dialect) => {
  let t: TestApp;
  let admin: ApiClient;
  let ada: ApiClient;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await apiClientFor(t.app, TEST_ADMIN_EMAIL);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  it('does not exist for anyone else, whatever they send', async () => {
    for (const [operation, input] of [
      ['getAdminOverview', {}],
      ['listAdminUsers', { query: { q: 'x'.repeat(999) } }],
      ['disableUser', { params: { id: 'not-an-id' }, body: { nonsense: 1 } }],
      ['setUserFeatureFlags', { params: { id: admin.userId }, body: { featureFlags: ['x'] } }],
    ] as const) {
      const res = await callEndpoint(t.app, operation, input as never, ada.headers);
      expect(res.statusCode, operation).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const session = await ada.callOk('getSession');
    expect(session.isAdmin).toBe(false);
    expect((await admin.callOk('getSession')).isAdmin).toBe(true);
  });

  it('lists accounts by part of their address with plan, last use and tasks', async () => {
    await ada.callOk('createTask', {
      body: { workspaceId: ada.workspaceId, projectId: null, name: 'Inbox' },
    });
    const { projectId } = await ada.callOk('createProject', {
      body: { workspaceId: ada.workspaceId, name: 'Home' },
    });
    for (const name of ['One', 'Two']) {
      await ada.callOk('createTask', { body: { workspaceId: ada.workspaceId, projectId, name } });
    }
    await apiClientFor(t.app, 'adam_smith@example.com');

    const found = await admin.callOk('listAdminUsers', { query: { q: ' ADA@' } });
    expect(found.matching).toBe(1);
    expect(found.users).toEqual([
      expect.objectContaining({
        id: ada.userId,
        email: 'ada@example.com',
        plan: 'PREMIUM',
        isTrial: true,
        tasks: 3,
        lastSeenAt: '2026-11-22T09:00:00.000Z',
        disabledAt: null,
        featureFlags: null,
        effectiveFeatureFlags: ['automation', 'subscription'],
        isAdmin: false,
      }),
    ]);
    // `_` and `%` are letters to look for, not patterns.
    const underscore = await admin.callOk('listAdminUsers', { query: { q: '_' } });
    expect(underscore.users.map((user) => user.email)).toEqual(['adam_smith@example.com']);
    const everyone = await admin.callOk('listAdminUsers', { query: {} });
    expect(everyone.users.map((user) => user.email)).toEqual([
      'ada@example.com',
      'adam_smith@example.com',
      TEST_ADMIN_EMAIL,
    ]);

    const figures = await admin.callOk('getAdminOverview');
    expect(figures).toMatchObject({ users: 3, disabledUsers: 0, tasks: 3 });
    expect(figures.databaseBytes).toBeGreaterThan(10_000);
  });

  it('disables an account: its sessions and streams end, it cannot sign in until enabled', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address() as { port: number };
    const streamUrl = `http://127.0.0.1:${address.port}${endpointUrl(eventsApi.streamEvents)}`;
    const signedOut = signedOutWithin(streamUrl, ada.headers, 5_000);
    // The stream is open before the account is disabled.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const { user } = await admin.callOk('disableUser', { params: { id: ada.userId } });
    expect(user.disabledAt).toBe('2026-11-22T09:00:00.000Z');
    expect(await signedOut).toBe(true);
    const refused = await ada.call('getSession');
    expect(refused.statusCode).toBe(401);

    const requested = await t.app.inject({
      method: 'POST',
      url: '/auth/code/authorize',
      payload: { email: ada.email },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/code/login',
      payload: { email: ada.email, code: requested.json().debugCode },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toEqual({
      code: 'ACCOUNT_DISABLED',
      message: ACCOUNT_DISABLED_MESSAGE,
    });

    // A second disabling changes nothing and records nothing.
    await admin.callOk('disableUser', { params: { id: ada.userId } });
    expect((await admin.callOk('getAdminOverview')).disabledUsers).toBe(1);
    await admin.callOk('enableUser', { params: { id: ada.userId } });
    const again = await signIn(t.app, ada.email, '10.3.0.1');
    expect((await callEndpoint(t.app, 'getSession', {}, again.headers)).statusCode).toBe(200);

    const { actions } = await admin.callOk('listAdminActions');
    expect(
      actions.map(({ kind, adminEmail, targetEmail }) => [kind, adminEmail, targetEmail]),
    ).toEqual([
      ['enable', TEST_ADMIN_EMAIL, ada.email],
      ['disable', TEST_ADMIN_EMAIL, ada.email],
    ]);
  });

  it('records one disabling when admins disable an account at once, and never fails', async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/auth/code/authorize',
      payload: { email: ada.email },
    });
    // A sign-in with the code races the disablings and a change of features.
    const [login, ...answers] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/auth/code/login',
        payload: { email: ada.email, code: requested.json().debugCode },
      }),
      ...Array.from({ length: 4 }, () => admin.call('disableUser', { params: { id: ada.userId } })),
      admin.call('setUserFeatureFlags', {
        params: { id: ada.userId },
        body: { featureFlags: ['automation'] },
      }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const { actions } = await admin.callOk('listAdminActions');
    expect(actions.map((action) => action.kind).sort()).toEqual(['disable', 'feature-flags']);
    // Whichever way the sign-in raced the disabling, it does not sign in now.
    expect([200, 403]).toContain(login!.statusCode);
    if (login!.statusCode === 200) {
      const headers = { authorization: `Bearer ${login!.json().accessToken as string}` };
      expect((await callEndpoint(t.app, 'getSession', {}, headers)).statusCode).toBe(401);
    }
    expect((await ada.call('getSession')).statusCode).toBe(401);
  });

  it('refuses to disable an admin, and answers 404 for an account that does not exist', async () => {
    const own = await admin.call('disableUser', { params: { id: admin.userId } });
    expect(own.statusCode).toBe(403);
    expect((await admin.call('getSession')).statusCode).toBe(200);
    const ghost = await admin.call('enableUser', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(ghost.statusCode).toBe(404);
    expect((await admin.callOk('listAdminActions')).actions).toEqual([]);
  });

  it('gives an account its own features, which its session and open pages pick up', async () => {
    const { version } = await ada.callOk('getWorkspaceVersion');
    const { user } = await admin.callOk('setUserFeatureFlags', {
      params: { id: ada.userId },
      body: { featureFlags: ['automation'] },
    });
    expect(user).toMatchObject({
      featureFlags: ['automation'],
      effectiveFeatureFlags: ['automation'],
    });
    expect((await ada.callOk('getSession')).featureFlags).toEqual(['automation']);
    const sync = await ada.callOk('getSync', { query: { since: String(version) } });
    expect(sync).toMatchObject({ kind: 'changes', accountChanged: true });

    await admin.callOk('setUserFeatureFlags', {
      params: { id: ada.userId },
      body: { featureFlags: [] },
    });
    expect((await ada.callOk('getSession')).featureFlags).toEqual([]);
    await admin.callOk('setUserFeatureFlags', {
      params: { id: ada.userId },
      body: { featureFlags: null },
    });
    expect((await ada.callOk('getSession')).featureFlags).toEqual(['automation', 'subscription']);
    // Others keep the server's setting.
    expect((await admin.callOk('getSession')).featureFlags).toEqual(['automation', 'subscription']);

    const { actions } = await admin.callOk('listAdminActions');
    expect(actions.map(({ kind, featureFlags }) => [kind, featureFlags])).toEqual([
      ['feature-flags', null],
      ['feature-flags', []],
      ['feature-flags', ['automation']],
    ]);
    const twice = await admin.call('setUserFeatureFlags', {
      params: { id: ada.userId },
      body: { featureFlags: ['automation', 'automation'] },
    });
    expect(twice.statusCode).toBe(400);
  });

  it('follows a server setting of fewer features for accounts without their own', async () => {
    const few = await createTestApp(dialect, { env: { FEATURE_FLAGS: 'automation' } });
    try {
      const bea = await apiClientFor(few.app, 'bea@example.com');
      expect((await bea.callOk('getSession')).featureFlags).toEqual(['automation']);
      const boss = await apiClientFor(few.app, TEST_ADMIN_EMAIL);
      await boss.callOk('setUserFeatureFlags', {
        params: { id: bea.userId },
        body: { featureFlags: ['subscription', 'automation'] },
      });
      expect((await bea.callOk('getSession')).featureFlags).toEqual(['automation', 'subscription']);
      expect((await boss.callOk('getAdminOverview')).defaultFeatureFlags).toEqual(['automation']);
    } finally {
      await few.close();
    }
  });
});
