import { defineEndpoints, IdParamsSchema, NoContentSchema } from './endpoint.ts';
import {
  PushKeyResponseSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
  SetReminderBodySchema,
} from './reminders.ts';
import { OkResponseSchema } from './tasks.ts';

const tags = ['reminders'];

/** Issue 30 item 5 (decision 080): a task's reminder and the browsers that receive them. */
export const remindersApi = defineEndpoints({
  setTaskReminder: {
    method: 'PUT',
    path: '/api/v1/tasks/:id/reminder',
    summary: 'Set or clear a task’s reminder (a time from now on); the caller is reminded',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: SetReminderBodySchema,
    responses: { 200: OkResponseSchema },
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED'],
  },
  getPushKey: {
    method: 'GET',
    path: '/api/v1/push/key',
    summary: 'The server’s Web Push (VAPID) public key, to subscribe a browser with',
    tags,
    auth: 'session',
    responses: { 200: PushKeyResponseSchema },
  },
  subscribePush: {
    method: 'PUT',
    path: '/api/v1/push/subscription',
    summary: 'This browser receives the caller’s reminders (its push subscription)',
    tags,
    auth: 'session',
    body: PushSubscriptionBodySchema,
    responses: { 204: NoContentSchema },
  },
  unsubscribePush: {
    method: 'POST',
    path: '/api/v1/push/subscription/remove',
    summary: 'This browser no longer receives reminders',
    tags,
    auth: 'session',
    body: PushUnsubscribeBodySchema,
    responses: { 204: NoContentSchema },
  },
});
