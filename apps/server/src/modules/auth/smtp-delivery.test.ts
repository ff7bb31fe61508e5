import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import pino from 'pino';
import { createMailer } from '../../lib/mailer.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Delivers a real message over SMTP to an in-process server and signs in with its code. */
describe('login code over SMTP', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const mailer = createMailer(
      { smtpUrl, from: 'Hustle <login@hustle.test>' },
      pino({ level: 'silent' }),
    );
    t = await createTestApp('sqlite', { env: { SMTP_URL: smtpUrl }, mailer });
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends text and HTML bodies, returns no debug code, and the mailed code signs in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/code/authorize',
      payload: { email: 'ada@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('debugCode');

    expect(received).toHaveLength(1);
    const raw = received[0] ?? '';
    expect(raw).toMatch(/^To: ada@example\.com/m);
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    const code = raw.match(/Subject: Your Hustle login code: ([A-Z0-9]{6})/)?.[1];
    expect(code).toMatch(/^[A-Z0-9]{6}$/);

    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/code/login',
      payload: { email: 'ada@example.com', code },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().accessToken).toEqual(expect.any(String));
  });
});
