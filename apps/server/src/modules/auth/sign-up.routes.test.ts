import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from '../../config.ts';
import { apiClientFor } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from '../../testing/test-databases.ts';

const INVITE_ONLY =
  'This Hustle is invite-only: new accounts need an invite link from someone who uses it. Existing accounts sign in as usual.';

describe.each(testDialects)('who may sign up (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await database?.destroy();
    database = undefined;
  });

  /** One database served first with open sign-up (to make accounts), then with `env`. */
  async function serve(env: Env, existing: string[] = []) {
    database = await createTestDatabase(dialect);
    const shared = { ...database, destroy: async () => undefined };
    const open = await createTestApp(dialect, { database: shared });
    for (const email of existing) await apiClientFor(open.app, email);
    await open.close();
    t = await createTestApp(dialect, { database: shared, env });
  }

  const requestCode = (body: object) =>
    t!.app.inject({ method: 'POST', url: '/auth/code/authorize', payload: body });
  const login = (body: object) =>
    t!.app.inject({ method: 'POST', url: '/auth/code/login', payload: body });
  const userCount = async () => {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from users`.execute(
      database!.db,
    );
    return Number(rows[0]!.n);
  };
  const inviteTokenOf = async (owner: Awaited<ReturnType<typeof apiClientFor>>) => {
    const project = (
      await owner.post('/api/v1/projects', { workspaceId: owner.workspaceId, name: 'Garden' })
    ).json<{ projectId: string }>();
    const { inviteLink } = (
      await owner.get(`/api/v1/projects/${project.projectId}/invite-link`)
    ).json<{ inviteLink: string }>();
    return { projectId: project.projectId, token: inviteLink.replace('/invite/', '') };
  };

  it('with SIGNUP=domains lets in only those domains, by code and by link, with a clear text', async () => {
    await serve({ SIGNUP: 'domains', SIGNUP_DOMAINS: 'example.com, Team.example.org' });
    const refused = await requestCode({ email: 'cy@elsewhere.net' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'SIGN_UP_CLOSED',
      message:
        'New accounts here are for addresses at example.com, team.example.org. Sign up with such an address, or ask someone here for an invite link.',
    });
    expect(t!.mailer.sent).toHaveLength(0);

    const byLink = await t!.app.inject({
      url: '/auth/magic/authorize',
      query: { email: 'cy@elsewhere.net' },
      headers: { accept: 'application/json' },
    });
    expect(byLink.statusCode).toBe(403);
    const navigation = await t!.app.inject({
      url: '/auth/magic/authorize',
      query: { email: 'cy@elsewhere.net' },
    });
    expect(navigation.statusCode).toBe(302);
    expect(decodeURIComponent(navigation.headers.location!)).toContain(
      '/magic-link?error=New accounts here are for addresses at example.com',
    );
    expect(t!.mailer.sent).toHaveLength(0);
    expect(await userCount()).toBe(0);

    // A subdomain is another domain; the listed ones sign up as usual.
    expect((await requestCode({ email: 'cy@sub.example.com' })).statusCode).toBe(403);
    const ada = await apiClientFor(t!.app, 'ada@team.example.org');
    expect((await ada.get('/api/v1/session')).json().email).toBe('ada@team.example.org');
  });

  it('with SIGNUP=closed lets existing accounts in, by code and by link, and nobody new', async () => {
    await serve({ SIGNUP: 'closed' }, ['old@elsewhere.net']);
    const refused = await requestCode({ email: 'new@example.com' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(INVITE_ONLY);

    const old = await apiClientFor(t!.app, 'old@elsewhere.net');
    expect((await old.get('/api/v1/session')).statusCode).toBe(200);
    const link = await t!.app.inject({
      url: '/auth/magic/authorize',
      query: { email: 'old@elsewhere.net' },
      headers: { accept: 'application/json' },
    });
    expect(link.statusCode).toBe(200);
    const token = new URL(link.json<{ debugLink: string }>().debugLink).searchParams.get('token');
    const confirmed = await t!.app.inject({
      method: 'POST',
      url: '/auth/magic/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toContain('?token=');
    expect(await userCount()).toBe(1);
  });

  it('with SIGNUP=closed lets a new address in through a live invite link, code or magic link', async () => {
    await serve({ SIGNUP: 'closed' }, ['owner@example.com']);
    const { token } = await inviteTokenOf(await apiClientFor(t!.app, 'owner@example.com'));

    const asked = await requestCode({ email: 'guest@elsewhere.net', invite: token });
    expect(asked.statusCode).toBe(200);
    const code = asked.json<{ debugCode: string }>().debugCode;
    const loggedIn = await login({ email: 'guest@elsewhere.net', code, invite: token });
    expect(loggedIn.statusCode).toBe(200);

    const link = await t!.app.inject({
      url: '/auth/magic/authorize',
      query: { email: 'friend@elsewhere.net', returnTo: `/invite/${token}` },
      headers: { accept: 'application/json' },
    });
    expect(link.statusCode).toBe(200);
    const linkToken = new URL(link.json<{ debugLink: string }>().debugLink).searchParams.get(
      'token',
    );
    const confirmed = await t!.app.inject({
      method: 'POST',
      url: '/auth/magic/confirm',
      payload: { token: linkToken },
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toContain(`/invite/${token}?token=`);
    expect(await userCount()).toBe(3);

    const bogus = await requestCode({ email: 'cy@elsewhere.net', invite: 'x'.repeat(20) });
    expect(bogus.statusCode).toBe(403);
  });

  it("counts refusals against the network's limit, so asking cannot probe addresses unlimited", async () => {
    await serve({ SIGNUP: 'closed', AUTH_IP_CODE_REQUESTS_PER_10_MIN: '3' }, ['old@example.com']);
    for (const name of ['a', 'b', 'c']) {
      expect((await requestCode({ email: `${name}@elsewhere.net` })).statusCode).toBe(403);
    }
    expect((await requestCode({ email: 'old@example.com' })).statusCode).toBe(429);
  });

  it('checks again when the session starts: an invite revoked since the code was sent lets nobody in', async () => {
    await serve({ SIGNUP: 'closed' }, ['owner@example.com']);
    const owner = await apiClientFor(t!.app, 'owner@example.com');
    const { projectId, token } = await inviteTokenOf(owner);
    const asked = await requestCode({ email: 'late@elsewhere.net', invite: token });
    expect(asked.statusCode).toBe(200);
    const regenerated = await owner.post(
      `/api/v1/projects/${projectId}/invite-link/regenerate`,
      {},
    );
    expect(regenerated.statusCode).toBe(200);
    const refused = await login({
      email: 'late@elsewhere.net',
      code: asked.json<{ debugCode: string }>().debugCode,
      invite: token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'SIGN_UP_CLOSED', message: INVITE_ONLY });
    expect(await userCount()).toBe(1);
  });
});
