import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server that keeps the login codes the app mails, so the bench signs in through
 * the real code flow while the server runs in production mode (which never returns debug codes).
 */
export interface MailCatcher {
  smtpUrl: string;
  codeFor(email: string): string;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const codes = new Map<string, string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const code = raw.match(/^Subject: Your Hustle login code: ([A-Z0-9]{6})/m)?.[1];
        for (const recipient of session.envelope.rcptTo) {
          if (code) codes.set(recipient.address.toLowerCase(), code);
        }
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    codeFor: (email) => {
      const code = codes.get(email.toLowerCase());
      if (!code) throw new Error(`no login code was mailed to ${email}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
