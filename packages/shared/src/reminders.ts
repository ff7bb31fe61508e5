import { z } from 'zod';
import { IdSchema as Id } from './ids.ts';

/** Issue 30 item 5 (decision 080): reminders a browser is sent through Web Push. */

/** How late a reminder may still be sent (a server that was down); later ones are dropped. */
export const REMINDER_GRACE_MS = 60 * 60_000;

/** A device's clock may run this far behind the server's: a reminder "now" is not in the past. */
export const REMINDER_CLOCK_TOLERANCE_MS = 60_000;

export const RemindAtSchema = z.iso.datetime({
  offset: true,
  error: 'A reminder time is a date and time, such as 2026-12-01T09:00:00Z.',
});

/** A reminder to set (an instant, sent as UTC), or null to clear it. */
export const SetReminderBodySchema = z
  .object({
    workspaceId: Id,
    projectId: Id.nullable(),
    remindAt: RemindAtSchema.nullable(),
  })
  .strict();

const Base64Url = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/, 'A push key is base64url text.');

/** Where a push service takes a browser's messages. */
const PushEndpointSchema = z
  .url({ protocol: /^https?$/, error: 'A push endpoint is an http(s) address.' })
  .max(2000);

/** What `PushSubscription.toJSON()` gives: where to send and the keys that encrypt. */
export const PushSubscriptionBodySchema = z
  .object({
    endpoint: PushEndpointSchema,
    keys: z.object({ p256dh: Base64Url, auth: Base64Url }).strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({ endpoint: PushEndpointSchema }).strict();

export const PushKeyResponseSchema = z.object({
  /** The server's VAPID public key, base64url: `applicationServerKey` when subscribing. */
  publicKey: z.string(),
});

/** What the service worker is sent: what to show and where a click goes. */
export const ReminderPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app path a click opens: a screen, with `?task=<id>` for a task's details over it. */
  url: z.string(),
  /** One notification per reminder: a second delivery replaces the first. */
  tag: z.string(),
});
export type ReminderPayload = z.infer<typeof ReminderPayloadSchema>;

/** A reminder as it is kept, on the server and in the browser's copy alike: the instant in UTC. */
export const storedRemindAt = (remindAt: string | null): string | null =>
  remindAt === null ? null : new Date(remindAt).toISOString();

/** A task's reminder "now" or later is fine; earlier than the device's drift is refused. */
export function isReminderInPast(remindAt: string, now: Date): boolean {
  return Date.parse(remindAt) < now.getTime() - REMINDER_CLOCK_TOLERANCE_MS;
}
