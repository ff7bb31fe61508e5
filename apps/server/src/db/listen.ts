import pg from 'pg';

const RECONNECT_MS = 1_000;
/** What `caughtUp` sends: a text of its own, so an operator can tell listening connections. */
export const CAUGHT_UP_STATEMENT = 'select 1 as caught_up';

/** Told when the listening connection starts listening, and when it drops. */
export interface ListenEvents {
  onListening?(): void;
  onDropped?(): void;
}

export interface Listening {
  stop(): Promise<void>;
  /**
   * Resolves true once every notification committed before this call has been handed on, or
   * false if the connection is not listening (or drops meanwhile). A statement sent on the
   * listening connection after the call: PostgreSQL sends a listener the notifications it was
   * signalled before it answers that statement, so they come first. Calls while one statement
   * is out share the next one.
   */
  caughtUp(): Promise<boolean>;
}

/**
 * One connection per process that LISTENs on a channel and hands each NOTIFY payload on. A
 * connection that drops (or cannot be opened) is tried again every second; what was missed
 * meanwhile is caught by the caller's slower poll, or by `events` (kept reads are dropped).
 */
export async function listenForNotifications(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  events: ListenEvents = {},
): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let isListening = false;
  let sent: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;

  function scheduleReconnect() {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    const drop = () => {
      if (client !== next) return;
      client = undefined;
      isListening = false;
      events.onDropped?.();
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload);
    });
    next.on('error', drop);
    next.on('end', drop);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (client === next) {
        isListening = true;
        events.onListening?.();
      }
    } catch {
      drop();
    }
  }

  /** One statement on the listening connection, true if it answered while still listening. */
  async function roundTrip(): Promise<boolean> {
    const on = client;
    if (!on || !isListening) return false;
    try {
      await on.query(CAUGHT_UP_STATEMENT);
      return client === on && isListening;
    } catch {
      return false;
    }
  }

  function caughtUp(): Promise<boolean> {
    if (!sent) {
      sent = roundTrip().finally(() => (sent = undefined));
      return sent;
    }
    // The statement out may have been sent before this call: wait for the one after it.
    queued ??= sent.then(() => {
      queued = undefined;
      return caughtUp();
    });
    return queued;
  }

  await connect();
  return {
    caughtUp,
    async stop() {
      stopped = true;
      isListening = false;
      if (retry) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
