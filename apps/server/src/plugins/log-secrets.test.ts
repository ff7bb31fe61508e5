import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Issue 13, finding 1: a sign-in, its landing, a live stream and an invite leave no secret in the log. */
describe('the log of a real app', () => {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { redirect: 'manual', ...init });
  const json = (body: unknown, token?: string): RequestInit => ({
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  /** The string fields of a JSON answer (all this test reads). */
  const read = async (response: Promise<Response>) =>
    (await (await response).json()) as Record<string, string>;
  const remember = (name: string, value: string | null | undefined) => {
    expect(value, name).toBeTruthy();
    secrets.set(name, value!);
    return value!;
  };

  async function signInWithMagicLink(email: string): Promise<string> {
    const sent = await call(`/auth/magic/authorize?email=${encodeURIComponent(email)}`);
    const sentScreen = sent.headers.get('location')!;
    const debugLink = new URL(sentScreen, base).searchParams.get('debugLink');
    const magicToken = remember('magic-link token', new URL(debugLink!).searchParams.get('token'));
    await call(sentScreen);
    await call(`/auth/magic/confirm?token=${magicToken}`);
    const used = await call('/auth/magic/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${magicToken}`,
    });
    const landing = new URL(used.headers.get('location')!);
    const accessToken = remember('access token', landing.searchParams.get('token'));
    // The SPA's landing, as the browser loads it.
    await call(landing.pathname + landing.search);
    return accessToken;
  }

  async function signInWithCode(email: string): Promise<string> {
    const { debugCode } = await read(call('/auth/code/authorize', json({ email })));
    remember('login code', debugCode);
    const { accessToken } = await read(call('/auth/code/login', json({ email, code: debugCode })));
    return remember('second access token', accessToken);
  }

  it('holds no token, ticket, code, invite or checkout id in any line', async () => {
    const owner = await signInWithMagicLink('owner@example.com');
    const member = await signInWithCode('member@example.com');
    const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

    const session = await read(call('/api/v1/session', bearer(owner)));
    const { projectId } = await read(
      call('/api/v1/projects', json({ workspaceId: session.workspaceId, name: 'Garden' }, owner)),
    );
    const { inviteLink } = await read(
      call(`/api/v1/projects/${projectId}/invite-link`, bearer(owner)),
    );
    const inviteToken = remember('invite token', inviteLink?.replace('/invite/', ''));
    await call(`/invite/${inviteToken}`);
    expect((await call(`/api/v1/invites/${inviteToken}`, bearer(member))).status).toBe(200);
    await call(`/%61pi/v1/invites/${inviteToken}`, bearer(member));
    expect((await call(`/api/v1/invites/${inviteToken}/join`, json({}, member))).status).toBe(200);

    const ticket = remember(
      'event ticket',
      (await read(call('/api/v1/events/ticket', json({}, member)))).ticket,
    );
    const stream = new AbortController();
    const events = await call(`/api/v1/events?ticket=${encodeURIComponent(ticket)}`, {
      signal: stream.signal,
    });
    expect(events.status).toBe(200);
    stream.abort();

    const { redirectUrl } = await read(
      call('/api/v1/user/plan/purchase', json({ period: 'year' }, owner)),
    );
    const checkoutId = remember('sandbox checkout id', redirectUrl?.split('/').at(-1));
    expect((await call(`/billing/sandbox-checkout/${checkoutId}`)).status).toBe(200);
    await call(`/billing/sandbox-checkout/${checkoutId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'pay' }),
      redirect: 'manual',
    });
    const portal = await read(call('/api/v1/user/plan/portal', json({}, owner)));
    const portalId = remember('sandbox portal id', portal.redirectUrl?.split('/').at(-1));
    expect((await call(`/billing/sandbox-portal/${portalId}`)).status).toBe(200);

    const signature = remember('stripe signature', 't=1,v1=c0ffee5ignature');
    const cookie = remember('cookie', 'sid=cookie-secret-value');
    await call('/api/v1/billing/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': signature, cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    // Something quoting a URL in a message or an error goes through the same scrubbing.
    t.app.log.error(
      { err: new Error(`failed on /?token=${owner}`) },
      `while serving /invite/${inviteToken}`,
    );
    t.app.log.warn({ headers: { authorization: `Bearer ${member}`, cookie } }, 'headers logged');
    t.app.log.warn({ req: { url: '/?token=x', headers: { authorization: member } } }, 'a request');

    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = lines.join('');
    expect(log).toContain('"url":"/?token=[redacted]"');
    expect(log).toContain('"url":"/api/v1/events?ticket=[redacted]"');
    expect(log).toContain('"url":"/invite/[redacted]"');
    expect(log).toContain('"url":"/%61pi/v1/invites/[redacted]"');
    expect(log).toContain('"url":"/auth/magic/confirm?token=[redacted]"');
    expect(log).toContain('"url":"/billing/sandbox-checkout/[redacted]"');
    expect(log).toContain('"url":"/billing/sandbox-portal/[redacted]"');
    expect(log).toContain('"level":50');
    expect(log).toContain('"authorization":"[redacted]"');
    for (const [name, value] of secrets) expect(log, `${name} is in the log`).not.toContain(value);
  });
});
