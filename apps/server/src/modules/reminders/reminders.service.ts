import type { PushSubscriptionBody } from '@hustle/shared/reminders';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PushKeys } from './push-keys.ts';
import * as repo from './reminders.repository.ts';

/** The browsers that receive a user's reminders (decision 080). */
export function createRemindersService(deps: { db: Db; clock: Clock; keys: PushKeys }) {
  const { db, clock } = deps;
  return {
    async publicKey() {
      return { publicKey: (await deps.keys.get()).publicKey };
    },
    async subscribe(userId: string, body: PushSubscriptionBody) {
      await repo.saveSubscription(db, {
        endpoint: body.endpoint,
        user_id: userId,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at: clock.now().toISOString(),
      });
    },
    async unsubscribe(userId: string, endpoint: string) {
      await repo.deleteSubscription(db, userId, endpoint);
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
