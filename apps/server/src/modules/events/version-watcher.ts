import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { findVersions } from './events.repository.ts';

type Listener = (version: number) => void;

/**
 * Watches workspace versions in the database (not in process memory), so a change made through
 * any server instance reaches every instance's open streams. One query per tick covers every
 * watched workspace.
 */
export function createVersionWatcher(deps: { db: Db; intervalMs: number; log: FastifyBaseLogger }) {
  const watched = new Map<string, Map<Listener, number>>();
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;

  async function tick() {
    if (ticking || watched.size === 0) return;
    ticking = true;
    try {
      for (const { workspaceId, version } of await findVersions(deps.db, [...watched.keys()])) {
        for (const [listener, seen] of watched.get(workspaceId) ?? []) {
          if (seen === version) continue;
          watched.get(workspaceId)?.set(listener, version);
          listener(version);
        }
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'could not read workspace versions');
    } finally {
      ticking = false;
    }
  }

  return {
    /** Calls `listener` with each new version after `knownVersion`; returns the unsubscribe. */
    subscribe(workspaceId: string, knownVersion: number, listener: Listener): () => void {
      const listeners = watched.get(workspaceId) ?? new Map<Listener, number>();
      listeners.set(listener, knownVersion);
      watched.set(workspaceId, listeners);
      timer ??= setInterval(() => void tick(), deps.intervalMs);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) watched.delete(workspaceId);
        if (watched.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },

    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      watched.clear();
    },
  };
}

export type VersionWatcher = ReturnType<typeof createVersionWatcher>;
