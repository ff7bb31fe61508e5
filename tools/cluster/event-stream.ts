import http from 'node:http';
import { eventsApi } from '@hustle/shared/events.api';
import type { Route } from './http.ts';

/** How a stream stopped: the server ended it ('ended'), or the connection broke ('broken'). */
type Ending = 'ended' | 'broken';

export interface EventStream {
  status: number;
  /** Workspace versions the stream announced, with when each arrived (performance.now()). */
  arrivals: { version: number; at: number }[];
  ending: Promise<Ending>;
  /** Resolves with the arrival time of the first version announced after `count` of them. */
  nextAfter(count: number, timeoutMs: number): Promise<number>;
  close(): void;
}

/** Opens a user's live-update stream (Server-Sent Events) and reads its `version` messages. */
export function openEventStream(route: Route, token: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${route.origin}${eventsApi.streamEvents.path}`, {
      localAddress: route.from,
      // A stream holds its connection for good: one of its own, never a pooled one.
      agent: false,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const arrivals: EventStream['arrivals'] = [];
      const ending = new Promise<Ending>((settle) => {
        // 'end' comes only after the last chunk of a stream the server closed properly; a
        // connection cut midway reports 'aborted' or an error, then 'close'.
        let ended = false;
        response.on('end', () => (ended = true));
        response.on('error', () => undefined);
        response.on('close', () => settle(ended ? 'ended' : 'broken'));
      });
      let unread = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        // Messages end with a blank line; the last piece may be the start of the next one.
        const messages = (unread + chunk).split('\n\n');
        unread = messages.pop() ?? '';
        for (const message of messages) {
          const version = /^event: version\ndata: (.*)$/m.exec(message)?.[1];
          if (version)
            arrivals.push({ version: JSON.parse(version).version, at: performance.now() });
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        arrivals,
        ending,
        async nextAfter(count, timeoutMs) {
          const deadline = performance.now() + timeoutMs;
          while (arrivals.length <= count) {
            if (performance.now() > deadline) {
              throw new Error(`no new version within ${timeoutMs} ms on ${route.origin}`);
            }
            await new Promise((wake) => setTimeout(wake, 2));
          }
          return arrivals[count]!.at;
        },
        close: () => request.destroy(),
      });
    });
  });
}

export interface LastingStream {
  /** The stream open now. */
  current(): EventStream;
  /** How each stream so far stopped, in order. */
  endings: Ending[];
  close(): void;
}

/**
 * A stream that opens again whenever it stops, as the browser's EventSource does: through
 * nginx, the next one lands on a server still running.
 */
export async function keepStreaming(route: Route, token: string): Promise<LastingStream> {
  const open = async (): Promise<EventStream> => {
    for (;;) {
      const stream = await openEventStream(route, token).catch(() => undefined);
      if (stream?.status === 200) return stream;
      stream?.close();
      await new Promise((wake) => setTimeout(wake, 100));
    }
  };
  let current = await open();
  let closed = false;
  const endings: Ending[] = [];
  void (async () => {
    while (!closed) {
      const ending = await current.ending;
      if (closed) return;
      endings.push(ending);
      current = await open();
    }
  })();
  return {
    current: () => current,
    endings,
    close: () => {
      closed = true;
      current.close();
    },
  };
}
