import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { VersionFeed } from '../workspaces/version-feed.ts';
import { findVersions } from './events.repository.ts';

/** A new version, or null once the workspace is gone (its account was erased). */
type Listener = (version: number | null) => void;

/** With LISTEN/NOTIFY the poll only catches what a dropped listening connection missed. */
const FALLBACK_POLL_MS = 5_000;

/**
 * Tells open streams about new workspace versions. Commits arrive through the version feed at
 * once (from every instance on PostgreSQL, from this process on SQLite); a poll of the database
 * — one query per tick for every watched workspace — catches the rest, e.g. another process
 * writing to the same SQLite file.
 */
export function createVersionWatcher(deps: {
  db: Db;
  feed: VersionFeed;
  intervalMs: number;
  log: FastifyBaseLogger;
}) {
  const watched = new Map<string, Map<Listener, number>>();
  const pollMs = deps.feed.reachesOtherInstances
    ? Math.max(deps.intervalMs, FALLBACK_POLL_MS)
    : deps.intervalMs;
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;

  function announce(workspaceId: string, version: number) {
    const listeners = watched.get(workspaceId);
    for (const [listener, seen] of listeners ?? []) {
      if (version <= seen) continue;
      listeners!.set(listener, version);
      listener(version);
    }
  }
  const unsubscribeFeed = deps.feed.subscribe(announce);

  async function tick() {
    if (ticking || watched.size === 0) return;
    ticking = true;
    try {
      const ids = [...watched.keys()];
      const found = await findVersions(deps.db, ids);
      for (const { workspaceId, version } of found) announce(workspaceId, version);
      const present = new Set(found.map((row) => row.workspaceId));
      for (const workspaceId of ids) {
        if (present.has(workspaceId)) continue;
        for (const listener of watched.get(workspaceId)?.keys() ?? []) listener(null);
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
      timer ??= setInterval(() => void tick(), pollMs);
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
      unsubscribeFeed();
      if (timer) clearInterval(timer);
      timer = undefined;
      watched.clear();
    },
  };
}

export type VersionWatcher = ReturnType<typeof createVersionWatcher>;
