import pg from 'pg';

const RECONNECT_MS = 1_000;

/** Told when the listening connection starts listening, and when it drops. */
export interface ListenEvents {
  onListening?(): void;
  onDropped?(): void;
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
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

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
      if (client === next) events.onListening?.();
    } catch {
      drop();
    }
  }

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
