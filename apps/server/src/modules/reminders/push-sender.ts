import webpush from 'web-push';
import type { ReminderPayload } from '@hustle/shared/reminders';
import { guardedPost, type OutboundPolicy } from '../../lib/outbound.ts';
import type { VapidKeys } from './push-keys.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What became of one message: taken by the push service, its subscription gone, or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** A reminder not delivered within this long is of no use any more: the push service drops it. */
const TIME_TO_LIVE_SECONDS = 3600;

/**
 * Encrypts the payload for the browser (aes128gcm) and signs the request with the VAPID key, with
 * the `web-push` library, then sends it through the guarded client: an endpoint is an address a
 * browser gave, so it is held to the same rules as a webhook's (ARCHITECTURE §8).
 */
export async function sendPush(
  target: PushTarget,
  payload: ReminderPayload,
  settings: { keys: VapidKeys; subject: string; outbound: OutboundPolicy; timeoutMs: number },
): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: settings.subject, ...settings.keys },
      TTL: TIME_TO_LIVE_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = {
    ...Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    ),
    // A push service's operator should not read these as webhooks.
    'user-agent': 'Hustle-Push/1',
  };
  const answer = await guardedPost(
    request.endpoint,
    { headers, body: request.body, timeoutMs: settings.timeoutMs },
    settings.outbound,
  );
  if (answer.statusCode === 404 || answer.statusCode === 410) return 'gone';
  return answer.statusCode >= 200 && answer.statusCode < 300 ? 'sent' : 'failed';
}
