import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { DialectName } from '../db/database.ts';
import { loadConfig, type Env } from '../config.ts';
import { buildApp, type AppDeps } from '../app.ts';
import type { Clock } from '../lib/clock.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';
import { createTestDatabase, type TestDatabase } from './test-databases.ts';

export class TestClock implements Clock {
  private current: number;
  constructor(start = '2026-11-22T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current += ms;
  }
  set(iso: string) {
    this.current = new Date(iso).getTime();
  }
}

/** Records mail instead of sending it, like the dev transport (so debug codes are returned). */
export class CapturingMailer implements Mailer {
  readonly isDevTransport = true;
  readonly sent: MailMessage[] = [];
  send = async (message: MailMessage) => {
    this.sent.push(message);
  };
  last(): MailMessage {
    const message = this.sent.at(-1);
    if (!message) throw new Error('no mail was sent');
    return message;
  }
}

/** The address ADMIN_EMAILS names in test apps. */
export const TEST_ADMIN_EMAIL = 'admin@example.com';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: TestClock;
  mailer: CapturingMailer;
  close(): Promise<void>;
}

export async function createTestApp(
  dialect: DialectName,
  options: {
    env?: Env;
    mailer?: Mailer;
    onRoute?: AppDeps['onRoute'];
    logStream?: DestinationStream;
    /** Called with each SQL statement the app runs. */
    onQuery?: (sql: string) => void;
    /** A database of the caller's instead of a fresh one (a bench's SQLite file). */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const database =
    options.database ??
    (await createTestDatabase(dialect, options.onQuery ? { onQuery: options.onQuery } : {}));
  const clock = new TestClock();
  const mailer = new CapturingMailer();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://hustle.test',
    DATA_DIR: path.join(os.tmpdir(), 'hustle-test-unused'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'hustle-no-web-build'),
    API_RATE_LIMIT_PER_MINUTE: '100000',
    SCHEDULER_INTERVAL_MS: '0',
    REMINDERS_INTERVAL_MS: '0',
    // The webhook worker runs only where a test turns it on (its passes would be counted).
    WEBHOOKS_INTERVAL_MS: '0',
    // The instance admin of every test app (decision 057); nobody else is one.
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    ...options.env,
  } as Record<string, string>);
  const app = await buildApp({
    config,
    database,
    secretKey: 'test-secret-key-that-is-long-enough-0123456789',
    clock,
    mailer: options.mailer ?? mailer,
    logger: options.logStream ? { stream: options.logStream } : false,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    mailer,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/** Signs in through the real code flow and returns the bearer header for later calls. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  ip = '10.0.0.1',
): Promise<{ token: string; headers: { authorization: string } }> {
  const requested = await app.inject({
    method: 'POST',
    url: '/auth/code/authorize',
    payload: { email },
    remoteAddress: ip,
  });
  const { debugCode } = requested.json<{ debugCode: string }>();
  const login = await app.inject({
    method: 'POST',
    url: '/auth/code/login',
    payload: { email, code: debugCode },
    remoteAddress: ip,
  });
  const { accessToken } = login.json<{ accessToken: string }>();
  if (!accessToken) throw new Error(`sign-in failed: ${login.body}`);
  return { token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}
