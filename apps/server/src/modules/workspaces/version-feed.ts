import type { DatabaseHandle } from '../../db/database.ts';

/** The PostgreSQL channel on which every commit announces its workspaces' new versions. */
export const VERSIONS_CHANNEL = 'hustle_workspace_versions';

export type VersionListener = (workspaceId: string, version: number) => void;

/**
 * New workspace versions as commits make them. On PostgreSQL the write path NOTIFYs in the
 * committing transaction and each instance hears every commit on its one LISTEN connection
 * (ARCHITECTURE §6); on SQLite, a single process, commits are handed on in process.
 */
export function createVersionFeed(database: Pick<DatabaseHandle, 'dialect' | 'listen'>) {
  const listeners = new Set<VersionListener>();
  let stopListening: (() => Promise<void>) | undefined;
  const deliver = (workspaceId: string, version: number) => {
    for (const listener of listeners) listener(workspaceId, version);
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

    async start(): Promise<void> {
      if (!database.listen || stopListening) return;
      stopListening = await database.listen(VERSIONS_CHANNEL, (payload) => {
        const [workspaceId, version] = payload.split(' ');
        if (workspaceId && version && Number.isInteger(Number(version))) {
          deliver(workspaceId, Number(version));
        }
      });
    },

    async stop(): Promise<void> {
      await stopListening?.();
      stopListening = undefined;
      listeners.clear();
    },
  };
}

export type VersionFeed = ReturnType<typeof createVersionFeed>;
