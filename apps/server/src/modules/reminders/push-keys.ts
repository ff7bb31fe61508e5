import webpush from 'web-push';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './reminders.repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY_NAME = 'vapid';

/**
 * The server's VAPID key pair, made once and kept (decision 080): in the database rather than
 * beside the secret key in DATA_DIR, so every instance of a cluster signs with the same pair and
 * a browser subscribed through one instance is reached by any. Of several instances making one
 * at once, the first insert wins and all read it back.
 */
export function createPushKeys(deps: { db: Db; clock: Clock }) {
  let loaded: Promise<VapidKeys> | undefined;

  async function load(): Promise<VapidKeys> {
    const stored = await repo.findServerKey(deps.db, KEY_NAME);
    if (stored) return JSON.parse(stored) as VapidKeys;
    const made = webpush.generateVAPIDKeys();
    const value = JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey });
    await repo.insertServerKeyOnce(deps.db, KEY_NAME, value, deps.clock.now().toISOString());
    const kept = await repo.findServerKey(deps.db, KEY_NAME);
    if (!kept) throw new Error('The Web Push key pair could not be stored');
    return JSON.parse(kept) as VapidKeys;
  }

  return {
    get(): Promise<VapidKeys> {
      loaded ??= load().catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      return loaded;
    },
  };
}

export type PushKeys = ReturnType<typeof createPushKeys>;
