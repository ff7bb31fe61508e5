import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * True when mail is only logged (no SMTP_URL): the API may then hand the code back as
   * `debugCode` so a self-hosted install works without a mail server.
   */
  readonly isDevTransport: boolean;
}

export function createMailer(
  options: { smtpUrl: string | undefined; from: string },
  logger: FastifyBaseLogger,
): Mailer {
  if (!options.smtpUrl) {
    return {
      isDevTransport: true,
      // The mail goes in a field of its own: the log scrubs URLs out of messages, and this line
      // is the mail channel itself (its link must stay usable).
      send: async (message) => {
        logger.info(
          { to: message.to, subject: message.subject, text: message.text },
          'dev mail (no SMTP_URL): the message is in "text"',
        );
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    isDevTransport: false,
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
