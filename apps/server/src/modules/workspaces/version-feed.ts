import type { DatabaseHandle } from '../../db/database.ts';
import type { Listening } from '../../db/listen.ts';

/** The PostgreSQL channel on which every commit announces its workspaces' new versions. */
export const VERSIONS_CHANNEL = 'hustle_workspace_versions';

export type VersionListener = (workspaceId: string, version: number) => void;

/** Versions kept per instance beyond which they are dropped, so memory stays bounded. */
const MAX_KEPT = 10_000;

/**
 * New workspace versions as commits make them. On PostgreSQL the write path NOTIFYs in the
 * committing transaction and each instance hears every commit on its one LISTEN connection
 * (ARCHITECTURE §6); on SQLite, a single process, commits are handed on in process.
 */
export function createVersionFeed(database: Pick<DatabaseHandle, 'dialect' | 'listen'>) {
  const listeners = new Set<VersionListener>();
  let listening: Listening | undefined;
  let isListening = false;
  const deliver = (workspaceId: string, version: number) => {
    for (const listener of listeners) listener(workspaceId, version);
  };

  // Decision 081: on PostgreSQL, each workspace's version row kept while no commit was heard
  // for it. `heard` moves with every notification and every drop or return of the listening
  // connection: a row read while it moved may predate what was heard, and is not kept.
  const kept = new Map<string, unknown>();
  let heard = 0;
  const forgetAll = () => {
    heard += 1;
    kept.clear();
  };

  return {
    /** Whether commits of other processes reach this one without polling. */
    reachesOtherInstances: database.dialect === 'postgres',

    /** The write path calls this after each commit. */
    committed(versions: Map<string, number>): void {
      if (database.dialect === 'postgres') return; // the NOTIFY brings it back to us too
      for (const [workspaceId, version] of versions) deliver(workspaceId, version);
    },

    subscribe(listener: VersionListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * A workspace's version row: `read` on SQLite (which keeps it by its own change marker,
     * decision 039); on PostgreSQL the row kept since no commit to the workspace was heard,
     * once the listening connection has handed on every notification committed before this
     * call (`caughtUp`), so a write answered by any instance before this read began is seen.
     * While the listening connection is down, every call reads.
     */
    async keptVersion<Row extends object>(
      workspaceId: string,
      read: () => Promise<Row | undefined>,
    ): Promise<Row | undefined> {
      if (!listening || !isListening || !(await listening.caughtUp())) return read();
      const found = kept.get(workspaceId) as Row | undefined;
      if (found) return found;
      const before = heard;
      const row = await read();
      if (row && heard === before && isListening) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(workspaceId, Object.freeze(row));
      }
      return row;
    },

    async start(): Promise<void> {
      if (!database.listen || listening) return;
      listening = await database.listen(
        VERSIONS_CHANNEL,
        (payload) => {
          const [workspaceId, version] = payload.split(' ');
          if (workspaceId && version && Number.isInteger(Number(version))) {
            heard += 1;
            kept.delete(workspaceId);
            deliver(workspaceId, Number(version));
          }
        },
        {
          onListening: () => {
            forgetAll();
            isListening = true;
          },
          onDropped: () => {
            isListening = false;
            forgetAll();
          },
        },
      );
    },

    async stop(): Promise<void> {
      isListening = false;
      forgetAll();
      await listening?.stop();
      listening = undefined;
      listeners.clear();
    },
  };
}

export type VersionFeed = ReturnType<typeof createVersionFeed>;
