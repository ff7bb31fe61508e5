import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './testing/test-app.ts';

const REQUEST_TIMEOUT_MS = 600;
const IDLE_TIMEOUT_MS = 800;

/**
 * Issue 13, finding 4: a client that sends its request slowly loses the connection, while a
 * live-update stream, whose request was received at once, outlives every timeout.
 */
describe('HTTP timeouts on a listening server', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: {
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_HEADERS_TIMEOUT_MS: '400',
        HTTP_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
        EVENTS_POLL_MS: '50',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /**
   * Writes `head`, then one byte of `trickle` every 100 ms, the pace of a slow-loris client.
   * Resolves with what the server answered once it closes the connection, or `still open` if it
   * has not when the trickle runs out (so a missing timeout fails instead of hanging).
   */
  function trickle(head: string, drip: string, bytes: number) {
    return new Promise<{ closedEarly: boolean; answer: string; sent: number }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => {
          if (sent === bytes) {
            clearInterval(timer);
            socket.destroy();
            return resolve({ closedEarly: false, answer, sent });
          }
          if (socket.writable) socket.write(drip);
          sent += 1;
        }, 100);
      });
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ closedEarly: sent < bytes, answer, sent });
      });
    });
  }

  it('closes a connection whose body arrives too slowly, with a 408', async () => {
    const bodyBytes = 200; // 20 s at this pace, far past the request timeout
    const result = await trickle(
      'POST /auth/code/authorize HTTP/1.1\r\nHost: hustle.test\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
      ' ',
      bodyBytes,
    );
    expect(result.closedEarly).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.sent).toBeLessThan(bodyBytes);
  });

  it('closes a connection whose headers arrive too slowly', async () => {
    const result = await trickle(
      'GET /api/v1/session HTTP/1.1\r\nHost: hustle.test\r\nX-Slow: ',
      'a',
      200,
    );
    expect(result.closedEarly).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps a live-update stream open well past the request and idle timeouts', async () => {
    const { headers } = await signIn(t.app, 'ada@example.com');
    const { workspaceId } = (await t.app.inject({ url: '/api/v1/session', headers })).json<{
      workspaceId: string;
    }>();
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/events`, {
      headers,
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        received += decoder.decode(value, { stream: true });
      }
    })().catch(() => 'aborted');

    // Three times the longer timeout, then a change must still arrive on the same stream.
    await new Promise((resolve) => setTimeout(resolve, 3 * IDLE_TIMEOUT_MS));
    expect(received).toContain(': keep-alive');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/tasks',
      headers,
      payload: { workspaceId, name: 'Still listening' },
    });
    for (let tries = 0; received.split('event: version').length < 3 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(received.split('event: version').length - 1).toBe(2);
    controller.abort();
    expect(await reading).toBe('aborted');
  });
});
