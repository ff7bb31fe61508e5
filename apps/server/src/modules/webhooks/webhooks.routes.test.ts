import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '@hustle/shared/webhooks';
import { apiClientFor } from '../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDialects } from '../../testing/test-databases.ts';

describe.each(testDialects)('webhook endpoints (%s)', (dialect) => {
  let t: TestApp;
  let loose: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    loose = await createTestApp(dialect, { env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await loose?.close();
  });

  it('adds, lists, changes and deletes endpoints; the secret is answered once', async () => {
    const ada = await apiClientFor(t.app, 'ada@example.com');
    const made = await ada.callOk('createWebhook', {
      body: {
        url: ' https://93.184.215.14/hooks ',
        events: ['task.completed', 'task.created'],
      },
    });
    expect(made).toMatchObject({
      url: 'https://93.184.215.14/hooks',
      events: ['task.created', 'task.completed'],
      enabled: true,
      disabledReason: null,
    });
    expect(made.secret).toMatch(/^whsec_/);
    const { webhooks } = await ada.callOk('listWebhooks');
    const { secret, ...shown } = made;
    expect(webhooks).toEqual([shown]);
    expect(JSON.stringify(webhooks)).not.toContain(secret);
    const off = await ada.callOk('updateWebhook', {
      params: { id: made.id },
      body: { enabled: false },
    });
    expect(off).toMatchObject({ enabled: false, disabledReason: 'owner' });
    const events = await ada.callOk('updateWebhook', {
      params: { id: made.id },
      body: { events: ['project.deleted'], enabled: true },
    });
    expect(events).toMatchObject({ enabled: true, events: ['project.deleted'] });
    expect(await ada.callOk('listWebhookDeliveries', { params: { id: made.id } })).toEqual({
      deliveries: [],
    });
    await ada.callOk('deleteWebhook', { params: { id: made.id } });
    expect((await ada.callOk('listWebhooks')).webhooks).toEqual([]);
    expect((await ada.call('deleteWebhook', { params: { id: made.id } })).statusCode).toBe(404);
  });

  it(`holds at most ${WEBHOOK_LIMITS.perAccount} endpoints per account, also when asked at once`, async () => {
    const bea = await apiClientFor(t.app, 'bea@example.com');
    const answers = await Promise.all(
      Array.from({ length: WEBHOOK_LIMITS.perAccount + 3 }, (_, index) =>
        bea.call('createWebhook', {
          body: { url: `https://93.184.215.14/hooks/${index}`, events: ['task.created'] },
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(WEBHOOK_LIMITS.perAccount);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    expect(answers.find((res) => res.statusCode === 409)!.json().error.code).toBe(
      'WEBHOOK_LIMIT_REACHED',
    );
  });

  it.each([
    ['a private address', 'http://10.1.2.3/hooks'],
    ['another private range', 'https://192.168.1.20/'],
    ['loopback, not allowed here', 'http://127.0.0.1:8080/hooks'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'http://[::1]/hooks'],
    ['a unique-local IPv6 address', 'http://[fd00::1]/hooks'],
    ['IPv4 loopback written as IPv6', 'http://[::ffff:127.0.0.1]/hooks'],
    ['the unspecified address', 'http://0.0.0.0/'],
    ['a name that resolves to loopback', 'http://localhost:3000/hooks'],
    ['carrier-grade NAT', 'http://100.100.100.200/'],
    ['a host no one knows', 'https://no-such-host.invalid/hooks'],
  ])('refuses %s', async (_what, url) => {
    const cy = await apiClientFor(t.app, `cy-${url.length}-${_what.length}@example.com`);
    const res = await cy.call('createWebhook', { body: { url, events: ['task.created'] } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('WEBHOOK_ADDRESS_REFUSED');
    expect((await cy.callOk('listWebhooks')).webhooks).toEqual([]);
  });

  it('allows loopback when the setting says so, and nothing else private', async () => {
    const dan = await apiClientFor(loose.app, 'dan@example.com');
    for (const url of ['http://127.0.0.1:9/hooks', 'http://localhost:9/hooks', 'http://[::1]:9/']) {
      const res = await dan.call('createWebhook', { body: { url, events: ['task.created'] } });
      expect(res.statusCode, url).toBe(201);
    }
    for (const url of ['http://10.0.0.1/', 'http://169.254.169.254/', 'http://[fd12::1]/']) {
      const res = await dan.call('createWebhook', { body: { url, events: ['task.created'] } });
      expect(res.statusCode, url).toBe(400);
    }
  });

  it.each([
    [{ url: 'ftp://93.184.215.14/x', events: ['task.created'] }],
    [{ url: 'https://user:pw@93.184.215.14/x', events: ['task.created'] }],
    [
      {
        url: `https://93.184.215.14/${'a'.repeat(WEBHOOK_LIMITS.urlLength)}`,
        events: ['task.created'],
      },
    ],
    [{ url: 'https://93.184.215.14/x', events: [] }],
    [{ url: 'https://93.184.215.14/x', events: ['task.exploded'] }],
    [{ url: 'not a url', events: ['task.created'] }],
    [{ url: 'https://93.184.215.14/x', events: ['task.created'], secret: 'mine' }],
  ])('refuses a malformed endpoint: %j', async (body) => {
    const eve = await apiClientFor(t.app, 'eve@example.com');
    const res = await eve.post('/api/v1/webhooks', body);
    expect(res.statusCode).toBe(400);
    expect((await eve.callOk('listWebhooks')).webhooks).toEqual([]);
  });

  it("answers 404 for another account's endpoint and deliveries, changing nothing", async () => {
    const owner = await apiClientFor(t.app, 'owner@example.com');
    const other = await apiClientFor(t.app, 'other@example.com');
    const hook = await owner.callOk('createWebhook', {
      body: { url: 'https://93.184.215.14/hooks', events: ['task.created'] },
    });
    const id = hook.id;
    const deliveryId = '01900000-0000-7000-8000-000000000009';
    const answers = [
      await other.call('updateWebhook', { params: { id }, body: { enabled: false } }),
      await other.call('deleteWebhook', { params: { id } }),
      await other.call('listWebhookDeliveries', { params: { id } }),
      await other.call('redeliverWebhook', { params: { id, deliveryId } }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await owner.callOk('listWebhooks')).webhooks).toMatchObject([{ id, enabled: true }]);
  });
});
