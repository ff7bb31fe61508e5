import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * A server told to stop (SIGTERM runs app.close()) behind a load balancer that keeps its
 * connections open: a request under way when shutdown begins is answered, and its connection
 * ends with that answer, so the process exits at once instead of waiting for the keep-alive to
 * lapse (a minute and more).
 */
describe('shutting down with a keep-alive request under way', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('answers it with Connection: close and finishes closing right after', async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ email: 'ada@example.com' });
    const socket = net.connect(port, '127.0.0.1');
    try {
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const socketClosed = new Promise((resolve) => socket.on('close', resolve));
      await new Promise((resolve) => socket.on('connect', resolve));
      // The headers now, so the request is under way; its body once shutdown has begun.
      socket.write(
        'POST /auth/code/authorize HTTP/1.1\r\nHost: hustle.test\r\nConnection: keep-alive\r\n' +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const closed = t.app.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.write(body);
      await Promise.race([
        closed,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('still closing after 5 s')), 5000),
        ),
      ]);
      await socketClosed;
      expect(Date.now() - started).toBeLessThan(2000);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.toLowerCase()).toContain('connection: close');
    } finally {
      socket.destroy();
    }
  });
});
