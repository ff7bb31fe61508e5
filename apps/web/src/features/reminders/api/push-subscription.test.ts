import { PushSubscriptionBodySchema } from '@hustle/shared/reminders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/render-app.tsx';
import { notificationsPermission, turnOnNotifications } from './push-subscription.ts';

// The server's VAPID key (base64url) and the bytes it stands for.
const KEY = 'BAECAwQFBgcICQoLDA0ODw';
const KEY_BYTES = Uint8Array.from([4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);

const aSubscription = (key: Uint8Array | null) => ({
  options: { applicationServerKey: key?.buffer ?? null },
  unsubscribe: vi.fn(async () => true),
  toJSON: () => ({
    endpoint: 'https://push.example/send/abc',
    expirationTime: null,
    keys: { p256dh: 'p256dh-key-of-the-browser', auth: 'auth-secret-16ch' },
  }),
});

/** A browser with notifications and push: its permission, its worker and its push manager. */
function aBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  const made = aSubscription(KEY_BYTES);
  const pushManager = {
    getSubscription: vi.fn(async () => null as ReturnType<typeof aSubscription> | null),
    subscribe: vi.fn(async () => made),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve({ pushManager }) },
    configurable: true,
  });
  const calls = stubApi({
    'GET /api/v1/push/key': () => json(200, { publicKey: KEY }),
    'PUT /api/v1/push/subscription': () => new Response(null, { status: 204 }),
  });
  return { requestPermission, pushManager, calls };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('turning notifications on (decision 083)', () => {
  it('asks once, then subscribes with the server’s key and hands the subscription over', async () => {
    const { requestPermission, pushManager, calls } = aBrowser('default', 'granted');
    expect(notificationsPermission()).toBe('default');
    await expect(turnOnNotifications()).resolves.toBe('on');
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: KEY_BYTES,
    });
    const sent = calls.filter((call) => call.route.startsWith('PUT '));
    // The contract is strict: the server would refuse an expiry it does not name.
    expect(PushSubscriptionBodySchema.safeParse(sent[0]?.body).success).toBe(true);
    expect(sent).toEqual([
      {
        route: 'PUT /api/v1/push/subscription',
        // What the contract takes: no expiry.
        body: {
          endpoint: 'https://push.example/send/abc',
          keys: { p256dh: 'p256dh-key-of-the-browser', auth: 'auth-secret-16ch' },
        },
      },
    ]);
  });

  it('keeps a subscription made under the same key, and replaces one made under another', async () => {
    const same = aBrowser('granted');
    same.pushManager.getSubscription.mockResolvedValue(aSubscription(KEY_BYTES));
    await expect(turnOnNotifications()).resolves.toBe('on');
    expect(same.pushManager.subscribe).not.toHaveBeenCalled();

    const other = aBrowser('granted');
    const old = aSubscription(Uint8Array.from([4, 9, 9]));
    other.pushManager.getSubscription.mockResolvedValue(old);
    await expect(turnOnNotifications()).resolves.toBe('on');
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(other.pushManager.subscribe).toHaveBeenCalled();
  });

  it('a browser that blocks notifications is not asked again, and nothing is subscribed', async () => {
    const { requestPermission, pushManager, calls } = aBrowser('denied');
    await expect(turnOnNotifications()).resolves.toBe('denied');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('a refusal, or a question closed unanswered, subscribes nothing', async () => {
    const refused = aBrowser('default', 'denied');
    await expect(turnOnNotifications()).resolves.toBe('denied');
    expect(refused.pushManager.subscribe).not.toHaveBeenCalled();
    const closed = aBrowser('default', 'default');
    await expect(turnOnNotifications()).resolves.toBe('not-allowed');
    expect(closed.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('a browser without notifications or push is named unsupported, and asked nothing', async () => {
    // jsdom has neither Notification nor PushManager.
    expect(notificationsPermission()).toBe('unsupported');
    await expect(turnOnNotifications()).resolves.toBe('unsupported');
  });

  it('a push service that fails leaves the state failed, to try again', async () => {
    const { pushManager } = aBrowser('granted');
    pushManager.subscribe.mockRejectedValue(new DOMException('push service error', 'AbortError'));
    await expect(turnOnNotifications()).resolves.toBe('failed');
  });
});
