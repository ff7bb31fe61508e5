import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIMITS, TOKEN_PREFIX, type TokenScope } from '@hustle/shared/tokens';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';
import { createTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects)('personal access tokens (%s)', (dialect) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { TOKEN_RATE_LIMIT_PER_MINUTE: '40' } });
  });
  afterAll(() => t.close());

  const newUser = () => apiClientFor(t.app, `token-user${(users += 1)}@example.com`);
  const makeToken = (user: ApiClient, scopes: TokenScope[], expiresInDays?: number) =>
    user.callOk('createToken', { body: { name: 'My script', scopes, expiresInDays } });
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

  it('shows the secret once, keeps only its hash, and lists the token without it', async () => {
    const ada = await newUser();
    const made = await makeToken(ada, ['write', 'read']);
    expect(made.secret.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(made).toMatchObject({ name: 'My script', scopes: ['read', 'write'], expiresAt: null });
    const stored = await t.database.db.selectFrom('personal_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(made.secret);

    const { tokens } = await ada.callOk('listTokens');
    expect(tokens).toEqual([
      {
        id: made.id,
        name: 'My script',
        scopes: ['read', 'write'],
        createdAt: made.createdAt,
        expiresAt: null,
        lastUsedAt: null,
      },
    ]);
  });

  it('reads and writes within its scopes as its owner, and says when it is used', async () => {
    const ada = await newUser();
    const reader = await makeToken(ada, ['read']);
    const writer = await makeToken(ada, ['write']);
    const workspace = await callEndpoint(
      t.app,
      'getWorkspace',
      { params: { id: ada.workspaceId } },
      bearer(reader.secret),
    );
    expect(workspace.statusCode).toBe(200);

    const create = { body: { workspaceId: ada.workspaceId, name: 'From a script' } };
    const refused = await callEndpoint(t.app, 'createTask', create, bearer(reader.secret));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This access token lacks the "write" scope.');
    expect((await ada.workspace()).tasks).toHaveLength(0);

    const created = await callEndpoint(t.app, 'createTask', create, bearer(writer.secret));
    expect(created.statusCode).toBe(200);
    expect((await ada.workspace()).tasks.map((task: { name: string }) => task.name)).toEqual([
      'From a script',
    ]);
    const { tokens } = await ada.callOk('listTokens');
    expect(tokens.find((token) => token.id === reader.id)?.lastUsedAt).toBe(
      t.clock.now().toISOString(),
    );
  });

  it('cannot make tokens, change the account, billing or sharing, whatever its scopes', async () => {
    const ada = await newUser();
    const full = bearer((await makeToken(ada, ['read', 'write', 'calendar'])).secret);
    const refusals = await Promise.all([
      callEndpoint(t.app, 'createToken', { body: { name: 'x', scopes: ['read'] } }, full),
      callEndpoint(t.app, 'listTokens', {}, full),
      callEndpoint(t.app, 'listSessions', {}, full),
      callEndpoint(t.app, 'purchasePlan', { body: { period: 'year' } }, full),
      callEndpoint(t.app, 'deleteAccount', { body: { email: ada.email } }, full),
      callEndpoint(t.app, 'logout', {}, full),
      // The live stream checks who calls in its handler: the same scopes apply.
      callEndpoint(t.app, 'streamEvents', { query: {} }, full),
    ]);
    expect(refusals.map((res) => res.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(refusals[0]!.json().error.message).toBe(
      'Access tokens cannot do this. Sign in to Hustle to do it.',
    );
    expect((await ada.callOk('listTokens')).tokens).toHaveLength(1);
  });

  it('stops working once revoked or expired; another account’s token is not found', async () => {
    const ada = await newUser();
    const bea = await newUser();
    const revoked = await makeToken(ada, ['read']);
    const expiring = await makeToken(ada, ['read'], 1);
    const session = () => callEndpoint(t.app, 'getSession', {}, bearer(revoked.secret));
    expect((await session()).statusCode).toBe(200);

    const foreign = await bea.call('revokeToken', { params: { id: revoked.id } });
    expect(foreign.statusCode).toBe(404);
    expect((await session()).statusCode).toBe(200);

    expect((await ada.call('revokeToken', { params: { id: revoked.id } })).statusCode).toBe(204);
    expect((await session()).statusCode).toBe(401);
    expect((await ada.call('revokeToken', { params: { id: revoked.id } })).statusCode).toBe(404);
    expect((await ada.callOk('listTokens')).tokens.map((token) => token.id)).toEqual([expiring.id]);

    const asExpiring = () => callEndpoint(t.app, 'getSession', {}, bearer(expiring.secret));
    expect((await asExpiring()).statusCode).toBe(200);
    t.clock.advance(DAY_MS + 1);
    expect((await asExpiring()).statusCode).toBe(401);
    const mistyped = await callEndpoint(t.app, 'getSession', {}, bearer(`${TOKEN_PREFIX}nope`));
    expect(mistyped.statusCode).toBe(401);
  });

  it('refuses a bad request with a clear message and keeps nothing', async () => {
    const ada = await newUser();
    const bad = [
      { name: '  ', scopes: ['read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['read', 'read'] },
      { name: 'x'.repeat(TOKEN_LIMITS.nameLength + 1), scopes: ['read'] },
      { name: 'x', scopes: ['read'], expiresInDays: 0 },
      { name: 'x', scopes: ['read'], secret: 'mine' },
    ];
    for (const body of bad) {
      const res = await ada.post('/api/v1/tokens', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await ada.callOk('listTokens')).tokens).toEqual([]);
  });

  it(`holds at most ${TOKEN_LIMITS.perAccount} live tokens an account`, async () => {
    const ada = await newUser();
    const made = await Promise.all(
      Array.from({ length: TOKEN_LIMITS.perAccount + 5 }, () =>
        ada.call('createToken', { body: { name: 'Many', scopes: ['read'] } }),
      ),
    );
    const statuses = made.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(TOKEN_LIMITS.perAccount);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect((await ada.callOk('listTokens')).tokens).toHaveLength(TOKEN_LIMITS.perAccount);
  });

  it('limits each token’s requests apart from its owner’s session', async () => {
    const ada = await newUser();
    const secret = (await makeToken(ada, ['read'])).secret;
    const answers = [];
    for (let i = 0; i < 45; i += 1) {
      answers.push((await callEndpoint(t.app, 'getSession', {}, bearer(secret))).statusCode);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(40);
    expect(answers.at(-1)).toBe(429);
    expect((await ada.call('getSession')).statusCode).toBe(200);
  });

  it('stops while its account is disabled by the admin, and works again once enabled', async () => {
    const ada = await newUser();
    const admin = await apiClientFor(t.app, TEST_ADMIN_EMAIL);
    const secret = (await makeToken(ada, ['read'])).secret;
    const asToken = () => callEndpoint(t.app, 'getSession', {}, bearer(secret));
    await admin.callOk('disableUser', { params: { id: ada.userId } });
    expect((await asToken()).statusCode).toBe(401);
    await admin.callOk('enableUser', { params: { id: ada.userId } });
    expect((await asToken()).statusCode).toBe(200);
  });

  it('goes with its account', async () => {
    const ada = await newUser();
    const secret = (await makeToken(ada, ['read'])).secret;
    await ada.callOk('deleteAccount', { body: { email: ada.email } });
    expect((await callEndpoint(t.app, 'getSession', {}, bearer(secret))).statusCode).toBe(401);
    const left = await t.database.db
      .selectFrom('personal_tokens')
      .select('id')
      .where('user_id', '=', ada.userId)
      .execute();
    expect(left).toEqual([]);
  });
});
