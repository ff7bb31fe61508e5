import type { FeedMarker } from './change-marker.ts';
import type { ListenEvents, Listening } from './listen.ts';

/** The PostgreSQL channel announcing a change to a session or a user (migrations 0020, 0025). */
export const SESSIONS_CHANNEL = 'hustle_sessions';

type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  events: ListenEvents,
) => Promise<Listening>;

/**
 * Decision 052: on PostgreSQL, the session lookup is kept per instance and dropped whenever a
 * session or a user changes, on any instance. Triggers NOTIFY every such change at its commit
 * (a sign-out, a revocation, an e-mail change, a disabling, an account's erasure); this
 * process's own writes to those tables are told by the connection pool as they are sent and as
 * their transaction ends (`localChange`), so they are seen before any answer that follows them.
 * While the listening connection is down nothing is kept, and everything kept before it dropped
 * is read again once it is back: a NOTIFY missed meanwhile cannot leave a session trusted.
 */
export function createSessionsFeed(listen: Listen) {
  let generation = 0;
  let isListening = false;
  let listening: Promise<Listening> | undefined;

  const marker: FeedMarker = {
    generation() {
      listening ??= listen(SESSIONS_CHANNEL, () => (generation += 1), {
        onListening: () => {
          generation += 1;
          isListening = true;
        },
        onDropped: () => {
          isListening = false;
          generation += 1;
        },
      });
      return isListening ? generation : undefined;
    },
  };

  return {
    marker,
    /** This process writes the sessions or users table, or ends a transaction that did. */
    localChange(): void {
      generation += 1;
    },
    async close(): Promise<void> {
      const started = listening;
      // No listening after close.
      listening = Promise.resolve({ stop: async () => {}, caughtUp: async () => false });
      isListening = false;
      await (await started?.catch(() => undefined))?.stop();
    },
  };
}
