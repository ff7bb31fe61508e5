import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: Record<string, string>;
  body: string;
}

/** What the receiver does with a request: answer a status (and headers), or never answer. */
export type ReceiverBehaviour = (
  hook: ReceivedHook,
  index: number,
) => { status: number; headers?: Record<string, string> } | 'hang';

/** A webhook receiver on 127.0.0.1 that records every request it gets. */
export async function startReceiver(behaviour: ReceiverBehaviour = () => ({ status: 200 })) {
  const received: ReceivedHook[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hook = {
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(hook);
      const answer = behaviour(hook, received.length - 1);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, answer.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until `check` holds, polling; fails after `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms = 5_000,
  what = 'a condition',
) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error(`timed out waiting for ${what}`);
}
