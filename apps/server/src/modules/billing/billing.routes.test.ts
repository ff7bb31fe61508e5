import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, callEndpoint, type ApiClient } from '../../testing/api-client.ts';
import { SERVER_PAGE_STYLE_SOURCE } from '../../lib/server-page.ts';
import { insertSandboxCheckout } from './billing.repository.ts';

describe.each(testDialects)('sandbox checkout (%s)', (dialect) => {
  let t: TestApp;
  let ada: ApiClient;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterEach(() => t.close());

  const checkoutPath = async (period: 'quarter' | 'year') => {
    const { redirectUrl } = await ada.callOk('purchasePlan', { body: { period } });
    expect(redirectUrl).toMatch(/^\/billing\/sandbox-checkout\/[\w-]{20,}$/);
    return redirectUrl;
  };
  const finish = (path: string, outcome: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });

  it('shows a labelled sandbox page; Pay makes the trial user Premium for a year from the trial’s end', async () => {
    const path = await checkoutPath('year');
    const page = await t.app.inject(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox · no real payment');
    expect(page.body).toContain('ada@example.com');
    expect(page.body).toContain('48$');

    const paid = await finish(path, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/subscription/success');
    expect(await ada.callOk('getPlan')).toMatchObject({
      plan: 'PREMIUM',
      isTrial: false,
      isExpired: false,
      expirationDate: '2027-12-06T09:00:00.000Z',
    });
    expect((await t.app.inject(path)).statusCode).toBe(404);
    expect((await finish(path, 'pay')).headers.location).toBe('/subscription/success');
    expect((await ada.callOk('getPlan')).expirationDate).toBe('2027-12-06T09:00:00.000Z');
  });

  it('starts the paid period when the trial ends, so the days left are kept (issue 28)', async () => {
    // Ada's 14-day trial started at sign-up (22 November); she buys a quarter on the 5th day.
    t.clock.set('2026-11-26T15:30:00.000Z');
    expect((await ada.callOk('getPlan')).trialDaysLeft).toBe(10);
    await finish(await checkoutPath('quarter'), 'pay');
    expect(await ada.callOk('getPlan')).toMatchObject({
      plan: 'PREMIUM',
      isTrial: false,
      expirationDate: '2027-03-06T09:00:00.000Z',
      renewsOn: '2027-03-06T09:00:00.000Z',
    });
  });

  it('starts the paid period today once the trial is over', async () => {
    t.clock.set('2026-12-10T09:00:00.000Z');
    const late = await apiClientFor(t.app, 'ada@example.com');
    expect(await late.callOk('getPlan')).toMatchObject({ plan: 'FREE', isExpired: true });
    const { redirectUrl } = await late.callOk('purchasePlan', { body: { period: 'quarter' } });
    await finish(redirectUrl, 'pay');
    expect((await late.callOk('getPlan')).expirationDate).toBe('2027-03-10T09:00:00.000Z');
  });

  it('renews from the end of the paid period, and lapses to Free with data kept', async () => {
    await finish(await checkoutPath('quarter'), 'pay');
    await finish(await checkoutPath('quarter'), 'pay');
    expect((await ada.callOk('getPlan')).expirationDate).toBe('2027-06-06T09:00:00.000Z');
    t.clock.set('2027-06-06T09:00:00.000Z');
    const fresh = await apiClientFor(t.app, 'ada@example.com');
    expect(await fresh.callOk('getPlan')).toMatchObject({
      plan: 'FREE',
      isExpired: true,
    });
  });

  it('Cancel returns to the subscription screen with reason=cancel and changes nothing', async () => {
    const before = await ada.callOk('getPlan');
    const res = await finish(await checkoutPath('quarter'), 'cancel');
    expect(res.headers.location).toBe('/subscription?reason=cancel');
    expect(await ada.callOk('getPlan')).toEqual(before);
  });

  it('rejects a bad period and unknown checkouts', async () => {
    // A period no endpoint's types allow, so sent raw.
    const bad = await ada.post('/api/v1/user/plan/purchase', { period: 'month' });
    expect(bad.statusCode).toBe(400);
    expect((await finish('/billing/sandbox-checkout/nope-nope-nope', 'pay')).statusCode).toBe(404);
    const signedOut = await callEndpoint(t.app, 'purchasePlan', { body: { period: 'year' } });
    expect(signedOut.statusCode).toBe(401);
  });

  it('a sandbox portal cancels at the period end, resumes, switches at renewal, lists payments', async () => {
    expect((await ada.call('openBillingPortal')).statusCode).toBe(409);
    await finish(await checkoutPath('quarter'), 'pay');
    const { redirectUrl } = await ada.callOk('openBillingPortal');
    expect(redirectUrl).toMatch(/^\/billing\/sandbox-portal\/[\w-]{20,}$/);
    const act = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: redirectUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `action=${action}`,
      });

    const page = await t.app.inject(redirectUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(SERVER_PAGE_STYLE_SOURCE);
    expect(page.body).toContain('Sandbox · no real payment');
    expect(page.body).toContain('Billed quarterly, renews on 6 March 2027.');
    expect(page.body).toContain('22 November 2026 · Premium, billed quarterly');
    expect(page.body).toContain('No card is kept in the sandbox');

    const switched = await act('switch');
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe(redirectUrl);
    expect(await ada.callOk('getPlan')).toMatchObject({ period: 'quarter', nextPeriod: 'year' });
    expect((await t.app.inject(redirectUrl)).body).toContain('Stay on quarterly billing');
    await act('switch');
    expect((await ada.callOk('getPlan')).nextPeriod).toBeNull();

    await act('cancel');
    expect(await ada.callOk('getPlan')).toMatchObject({
      plan: 'PREMIUM',
      cancelAtPeriodEnd: true,
      renewsOn: null,
      expirationDate: '2027-03-06T09:00:00.000Z',
    });
    expect((await t.app.inject(redirectUrl)).body).toContain(
      'Canceled: Premium stays until 6 March 2027',
    );
    await act('resume');
    expect(await ada.callOk('getPlan')).toMatchObject({
      cancelAtPeriodEnd: false,
      renewsOn: '2027-03-06T09:00:00.000Z',
    });

    await act('cancel');
    t.clock.set('2027-03-06T09:00:00.000Z');
    const later = await apiClientFor(t.app, 'ada@example.com');
    expect(await later.callOk('getPlan')).toMatchObject({ plan: 'FREE', isExpired: true });
    expect((await act('resume')).statusCode).toBe(404);
  });

  it('refuses bad portal actions, changes without a paid period and unknown portals', async () => {
    await finish(await checkoutPath('year'), 'pay');
    const { redirectUrl } = await ada.callOk('openBillingPortal');
    const bad = await t.app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=refund',
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject('/billing/sandbox-portal/nope-nope-nope')).statusCode).toBe(404);
    t.clock.set('2027-12-06T09:00:00.000Z');
    const fresh = await apiClientFor(t.app, 'ada@example.com');
    const lapsed = await fresh.callOk('openBillingPortal');
    const cancel = await t.app.inject({
      method: 'POST',
      url: lapsed.redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(cancel.statusCode).toBe(409);
    expect((await t.app.inject(lapsed.redirectUrl)).body).toContain('Your paid period has ended.');
  });

  it('has no webhook without Stripe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

/** A local HTTP server speaking the parts of Stripe's API the server uses. */
class FakeStripe {
  server = http.createServer((req, res) => this.handle(req, res));
  requests: { method: string; path: string; body: URLSearchParams }[] = [];
  subscriptions = new Map<string, Record<string, unknown>>();
  /** Stripe answering 500 to a cancellation, as when it is down. */
  failsCancels = false;
  async start() {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      this.requests.push({ method: req.method ?? '', path, body: new URLSearchParams(raw) });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        return send(200, {
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/pay/cs_test_1',
        });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return send(200, {
          id: 'bps_test_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p/session/bps_test_1',
        });
      }
      const sub = path.match(/^\/v1\/subscriptions\/(\w+)$/);
      if (req.method === 'GET' && sub && this.subscriptions.has(sub[1]!))
        return send(200, this.subscriptions.get(sub[1]!));
      if (req.method === 'DELETE' && sub && this.subscriptions.has(sub[1]!)) {
        if (this.failsCancels) return send(500, { error: { type: 'api_error', message: 'Down' } });
        const canceled = { ...this.subscriptions.get(sub[1]!), status: 'canceled' };
        this.subscriptions.set(sub[1]!, canceled);
        return send(200, canceled);
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'No such thing' } });
    });
  }
}

describe('Stripe checkout and webhooks', () => {
  const fake = new FakeStripe();
  const webhookSecret = 'whsec_test_secret';
  const signer = new Stripe('sk_test_signer');
  let t: TestApp;
  let ada: ApiClient;

  beforeAll(async () => {
    const apiUrl = await fake.start();
    t = await createTestApp('sqlite', {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_PRICE_QUARTER: 'price_quarter',
        STRIPE_PRICE_YEAR: 'price_year',
        STRIPE_API_URL: apiUrl,
      },
    });
    ada = await apiClientFor(t.app, 'ada@example.com');
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const subscription = (
    id: string,
    status: string,
    periodEnd: string,
    more: { price?: string; cancel_at_period_end?: boolean } = {},
  ) =>
    fake.subscriptions.set(id, {
      id,
      object: 'subscription',
      status,
      cancel_at_period_end: more.cancel_at_period_end ?? false,
      customer: 'cus_ada',
      metadata: { userId: ada.userId },
      ended_at: status === 'canceled' ? Math.floor(new Date(periodEnd).getTime() / 1000) : null,
      items: {
        object: 'list',
        data: [
          {
            id: 'si_1',
            current_period_end: Math.floor(new Date(periodEnd).getTime() / 1000),
            price: { id: more.price ?? 'price_quarter' },
          },
        ],
      },
    });
  const send = (event: Record<string, unknown>, signature?: string) => {
    const payload = JSON.stringify({
      object: 'event',
      api_version: '2025-01-01',
      created: 1,
      ...event,
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      payload,
    });
  };
  const plan = async () => await ada.callOk('getPlan');

  it('creates a subscription-mode Checkout Session for the user', async () => {
    expect(await ada.callOk('purchasePlan', { body: { period: 'quarter' } })).toEqual({
      redirectUrl: 'https://checkout.stripe.test/pay/cs_test_1',
    });
    const call = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(call.body.get('mode')).toBe('subscription');
    expect(call.body.get('line_items[0][price]')).toBe('price_quarter');
    expect(call.body.get('customer_email')).toBe('ada@example.com');
    expect(call.body.get('client_reference_id')).toBe(ada.userId);
    expect(call.body.get('success_url')).toBe('http://hustle.test/subscription/success');
    expect(call.body.get('cancel_url')).toBe('http://hustle.test/subscription?reason=cancel');
    // Ada is on her 14-day trial: Stripe charges, and the paid period starts, when it ends.
    expect(call.body.get('subscription_data[trial_end]')).toBe(
      String(Date.parse('2026-12-06T09:00:00.000Z') / 1000),
    );
  });

  it('starts the paid period at once when less than the 48 hours Stripe needs are left of the trial', async () => {
    fake.requests.length = 0;
    t.clock.set('2026-12-04T10:00:00.000Z');
    try {
      const late = await apiClientFor(t.app, 'ada@example.com');
      await late.callOk('purchasePlan', { body: { period: 'quarter' } });
      const call = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
      expect(call.body.get('line_items[0][price]')).toBe('price_quarter');
      expect(call.body.has('subscription_data[trial_end]')).toBe(false);
    } finally {
      t.clock.set('2026-11-22T09:00:00.000Z');
    }
  });

  it('rejects a bad signature with 400 and changes nothing', async () => {
    const before = await plan();
    subscription('sub_1', 'active', '2027-02-22T09:00:00.000Z');
    const res = await send(
      {
        id: 'evt_forged',
        type: 'checkout.session.completed',
        data: { object: { subscription: 'sub_1', client_reference_id: ada.userId } },
      },
      't=1,v1=deadbeef',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/signature/);
    expect(await plan()).toEqual(before);
  });

  it('applies checkout completion from the subscription state, once', async () => {
    subscription('sub_1', 'active', '2027-02-22T09:00:00.000Z');
    const event = {
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: { object: { subscription: 'sub_1', client_reference_id: ada.userId } },
    };
    const res = await send(event);
    expect(res.json()).toEqual({ received: true, applied: true });
    expect(await plan()).toMatchObject({
      plan: 'PREMIUM',
      isTrial: false,
      expirationDate: '2027-02-22T09:00:00.000Z',
    });

    subscription('sub_1', 'active', '2027-05-22T09:00:00.000Z');
    expect((await send(event)).json()).toEqual({ received: true, applied: false });
    expect((await plan()).expirationDate).toBe('2027-02-22T09:00:00.000Z');
  });

  it('extends on invoice paid and never downgrades on a late, older event', async () => {
    subscription('sub_1', 'active', '2027-05-22T09:00:00.000Z');
    await send({
      id: 'evt_2',
      type: 'invoice.paid',
      data: { object: { parent: { subscription_details: { subscription: 'sub_1' } } } },
    });
    expect((await plan()).expirationDate).toBe('2027-05-22T09:00:00.000Z');
    // An older "updated" event arriving late still reads today's state.
    await send({
      id: 'evt_0_late',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1' } },
    });
    expect((await plan()).expirationDate).toBe('2027-05-22T09:00:00.000Z');
  });

  it("opens Stripe's Customer Portal for the paying customer", async () => {
    expect(await ada.callOk('openBillingPortal')).toEqual({
      redirectUrl: 'https://billing.stripe.test/p/session/bps_test_1',
    });
    const call = fake.requests.find((r) => r.path === '/v1/billing_portal/sessions')!;
    expect(call.body.get('customer')).toBe('cus_ada');
    expect(call.body.get('return_url')).toBe('http://hustle.test/subscription');
  });

  it('follows a cancellation, a resume, a switch and a failed then retried charge', async () => {
    subscription('sub_1', 'active', '2027-05-22T09:00:00.000Z', { cancel_at_period_end: true });
    await send({
      id: 'evt_cancel',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1' } },
    });
    expect(await plan()).toMatchObject({
      plan: 'PREMIUM',
      cancelAtPeriodEnd: true,
      renewsOn: null,
      expirationDate: '2027-05-22T09:00:00.000Z',
    });

    subscription('sub_1', 'past_due', '2027-05-22T09:00:00.000Z');
    await send({
      id: 'evt_failed',
      type: 'invoice.payment_failed',
      data: { object: { parent: { subscription_details: { subscription: 'sub_1' } } } },
    });
    expect(await plan()).toMatchObject({
      plan: 'PREMIUM',
      paymentFailed: true,
      cancelAtPeriodEnd: false,
      renewsOn: '2027-05-22T09:00:00.000Z',
    });

    subscription('sub_1', 'active', '2028-05-22T09:00:00.000Z', { price: 'price_year' });
    await send({
      id: 'evt_renewed',
      type: 'invoice.paid',
      data: { object: { parent: { subscription_details: { subscription: 'sub_1' } } } },
    });
    expect(await plan()).toMatchObject({
      plan: 'PREMIUM',
      paymentFailed: false,
      period: 'year',
      trialEndDate: null,
      renewsOn: '2028-05-22T09:00:00.000Z',
    });
  });

  it('ends Premium when the subscription is deleted', async () => {
    subscription('sub_1', 'canceled', '2026-12-01T00:00:00.000Z');
    await send({
      id: 'evt_3',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1' } },
    });
    t.clock.set('2026-12-02T00:00:00.000Z');
    expect(await plan()).toMatchObject({ plan: 'FREE', isExpired: true });
  });

  it('cancels a paying user’s subscription before erasing the account, or erases nothing', async () => {
    subscription('sub_1', 'active', '2027-05-22T09:00:00.000Z');
    await send({
      id: 'evt_before_erasure',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1' } },
    });
    expect((await plan()).plan).toBe('PREMIUM');

    fake.failsCancels = true;
    const refused = await ada.call('deleteAccount', { body: { email: 'ada@example.com' } });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.message).toMatch(/nothing was deleted/);
    expect((await ada.call('getSession')).statusCode).toBe(200);

    fake.failsCancels = false;
    expect(
      (await ada.call('deleteAccount', { body: { email: 'ada@example.com' } })).statusCode,
    ).toBe(204);
    expect(
      fake.requests.filter((r) => r.method === 'DELETE' && r.path === '/v1/subscriptions/sub_1'),
    ).not.toHaveLength(0);
    expect(fake.subscriptions.get('sub_1')?.status).toBe('canceled');
    // Stripe's word that it ended finds no account, and is taken calmly.
    const late = await send({
      id: 'evt_after_erasure',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1' } },
    });
    expect(late.json()).toEqual({ received: true, applied: false });
  });

  it('refuses to start with Stripe half configured', async () => {
    await expect(
      createTestApp('sqlite', { env: { STRIPE_SECRET_KEY: 'sk_test_1' } }),
    ).rejects.toThrow(/STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_QUARTER, STRIPE_PRICE_YEAR: required/);
  });
});

describe.each(testDialects)('sandbox checkout in production (%s)', (dialect) => {
  const production = {
    NODE_ENV: 'production',
    SECRET_KEY: 'p'.repeat(32),
    SMTP_URL: 'smtp://mail.invalid:587',
  } as const;
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
    STRIPE_PRICE_QUARTER: 'price_quarter',
    STRIPE_PRICE_YEAR: 'price_year',
    STRIPE_API_URL: 'http://127.0.0.1:9',
  };
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  /** Production never hands the code back, so it is read from the mail, as a user would. */
  async function signInFromMail(app: TestApp, email: string) {
    const requested = await app.app.inject({
      method: 'POST',
      url: '/auth/code/authorize',
      payload: { email },
    });
    expect(requested.json()).not.toHaveProperty('debugCode');
    const code = app.mailer.last().subject.split(': ').at(-1);
    const login = await app.app.inject({
      method: 'POST',
      url: '/auth/code/login',
      payload: { email, code },
    });
    const { accessToken } = login.json();
    const headers = { authorization: `Bearer ${accessToken}` };
    const session = (await app.app.inject({ url: '/api/v1/session', headers })).json();
    return { headers, userId: session.userId as string };
  }

  it('does not exist when Stripe is set up, not even for a checkout left from before', async () => {
    t = await createTestApp(dialect, { env: { ...production, ...stripe } });
    const ada = await signInFromMail(t, 'ada@example.com');
    const before = (await t.app.inject({ url: '/api/v1/user/plan', headers: ada.headers })).json();
    const id = 'left-from-a-sandbox-period-0123';
    await insertSandboxCheckout(t.database.db, {
      id,
      user_id: ada.userId,
      period: 'year',
      created_at: t.clock.now().toISOString(),
      expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    });

    const page = await t.app.inject(`/billing/sandbox-checkout/${id}`);
    expect(page.statusCode).toBe(404);
    expect(page.json().error.code).toBe('NOT_FOUND');
    const pay = await t.app.inject({
      method: 'POST',
      url: `/billing/sandbox-checkout/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=pay',
    });
    expect(pay.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/user/plan', headers: ada.headers })).json()).toEqual(
      before,
    );
  });

  it('is served only with SANDBOX_CHECKOUT_IN_PRODUCTION, which is warned about at start', async () => {
    const lines: string[] = [];
    t = await createTestApp(dialect, {
      env: { ...production, SANDBOX_CHECKOUT_IN_PRODUCTION: 'true', LOG_LEVEL: 'warn' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
    expect(warnings.map((entry) => entry.msg).filter((msg) => msg.startsWith('UNSAFE'))).toEqual([
      expect.stringMatching(/^UNSAFE: SANDBOX_CHECKOUT_IN_PRODUCTION is on/),
    ]);

    const ada = await signInFromMail(t, 'ada@example.com');
    const purchase = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/plan/purchase',
      headers: ada.headers,
      payload: { period: 'year' },
    });
    const page = await t.app.inject(purchase.json().redirectUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox · no real payment');
  });
});
