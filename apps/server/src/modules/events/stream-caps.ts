import { rateLimited } from '../../lib/errors.ts';

/**
 * Caps on open live-update streams (issue 13, finding 4; decision 014). Counted in this process:
 * a stream holds a socket and a watcher slot here, so this is what the cap protects, and a
 * client's streams spread over instances only ever get more room, never less.
 */
export function createStreamCaps(caps: { perUser: number; perIp: number }) {
  const byUser = new Map<string, number>();
  const byIp = new Map<string, number>();
  let open = 0;
  const add = (counts: Map<string, number>, key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    /** Streams open in this process now (the metrics read it). */
    open: () => open,
    /** Takes a slot for a new stream, or refuses with RATE_LIMITED; the result frees it, once. */
    acquire(userId: string, ip: string): () => void {
      if ((byUser.get(userId) ?? 0) >= caps.perUser) {
        throw rateLimited(
          `Too many live-update streams are open for this account (at most ${caps.perUser}). Close a tab and try again.`,
        );
      }
      if ((byIp.get(ip) ?? 0) >= caps.perIp) {
        throw rateLimited(
          `Too many live-update streams are open from your address (at most ${caps.perIp}). Try again later.`,
        );
      }
      add(byUser, userId, 1);
      add(byIp, ip, 1);
      open += 1;
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        open -= 1;
        add(byUser, userId, -1);
        add(byIp, ip, -1);
      };
    },
  };
}

export type StreamCaps = ReturnType<typeof createStreamCaps>;
