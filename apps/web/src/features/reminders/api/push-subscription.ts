import type { PushSubscriptionBody } from '@hustle/shared/reminders';
import { api } from '../../../api/api-client.ts';

/**
 * Where turning reminders on left this browser (decision 083): `on` (subscribed), `denied` (the
 * browser blocks Hustle's notifications), `unsupported` (no notifications or push here),
 * `not-allowed` (the question was closed unanswered) or `failed` (the worker or the push
 * service could not be reached).
 */
export type NotificationsState = 'on' | 'denied' | 'unsupported' | 'not-allowed' | 'failed';

/** How long to wait for the offline worker: it registers once the first screen shows (028). */
const WORKER_WAIT_MS = 10_000;

const canNotify = () =>
  'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

/**
 * What a reminder set here would meet, without asking: the browser's standing answer, or
 * `unsupported`. Reading it never shows the browser's question.
 */
export function notificationsPermission(): NotificationPermission | 'unsupported' {
  return canNotify() ? Notification.permission : 'unsupported';
}

/** The server's key, base64url, as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  let timer: number | undefined;
  const late = new Promise<null>((resolve) => {
    timer = window.setTimeout(() => resolve(null), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** This browser's push subscription under the server's key: the one it has, or a new one. */
async function subscription(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>) {
  const kept = await registration.pushManager.getSubscription();
  if (kept && sameBytes(kept.options.applicationServerKey, key)) return kept;
  // Made under another key (another server): it cannot carry this one's messages.
  await kept?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** What the server keeps of a subscription: `toJSON()` without the expiry the contract omits. */
function bodyOf(pushSubscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, keys } = pushSubscription.toJSON();
  return { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/**
 * Asks for the permission to notify, and only then (decision 083: when the user turns a reminder
 * on), then subscribes this browser with the server's VAPID key and hands the subscription to the
 * server, so reminders reach it. Called from the click that set the reminder: the browser shows
 * its question only in answer to the user's gesture.
 */
export async function turnOnNotifications(): Promise<NotificationsState> {
  if (!canNotify()) return 'unsupported';
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'not-allowed';
  try {
    const registration = await workerRegistration();
    if (!registration) return 'failed';
    const { publicKey } = await api.getPushKey();
    const pushSubscription = await subscription(registration, keyBytes(publicKey));
    await api.subscribePush({ body: bodyOf(pushSubscription) });
    return 'on';
  } catch {
    return 'failed';
  }
}
