import type { FastifyBaseLogger } from 'fastify';
import type { ReminderPayload } from '@hustle/shared/reminders';
import type { Db } from '../../db/database.ts';
import type { OutboundPolicy } from '../../lib/outbound.ts';
import type { PushKeys } from './push-keys.ts';
import { sendPush } from './push-sender.ts';
import * as repo from './reminders.repository.ts';

export interface DeliveryDeps {
  db: Db;
  log: FastifyBaseLogger;
  keys: PushKeys;
  push: { subject: string; outbound: OutboundPolicy; timeoutMs: number };
}

/**
 * Sends to every browser of the workspace's owner; a subscription the service says is gone goes.
 * `pushed` when at least one browser took it, else `no-device`.
 */
export async function deliver(
  deps: DeliveryDeps,
  workspaceId: string,
  payload: ReminderPayload,
): Promise<'pushed' | 'no-device'> {
  const { db, log } = deps;
  const targets = await repo.subscriptionsOfWorkspace(db, workspaceId);
  if (targets.length === 0) return 'no-device';
  const keys = await deps.keys.get();
  let delivered = false;
  for (const target of targets) {
    const outcome = await sendPush(target, payload, { keys, ...deps.push }).catch(
      (error: unknown) => {
        log.warn({ err: error, workspaceId }, 'a push message could not be sent');
        return 'failed' as const;
      },
    );
    if (outcome === 'gone') await repo.deleteGoneSubscription(db, target.endpoint);
    if (outcome === 'sent') delivered = true;
  }
  return delivered ? 'pushed' : 'no-device';
}
