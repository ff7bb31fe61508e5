import crypto from 'node:crypto';
import path from 'node:path';
import { freePort } from '@hustle/server/testing/ports';
import { startService, type Service } from './processes.ts';

/**
 * The app as `npm start` runs it: the production build in a process of its own. What differs
 * from a default start is listed in docs/performance.md with the reason.
 */
export async function startHustle(options: {
  root: string;
  /** Where the server writes its log. */
  dir: string;
  dataDir: string;
  smtpUrl: string;
  databaseUrl: string | undefined;
  /** Names the log file, for several servers in one dir. */
  name?: string;
  /** Servers sharing a database share their key (login codes and event tickets are signed). */
  secretKey?: string;
  /** Settings that replace the defaults below. */
  env?: Record<string, string>;
  /** Node flags of the server process (the held load's garbage collection on a signal). */
  execArgv?: string[];
}): Promise<Service> {
  const port = await freePort();
  const name = options.name ?? 'server';
  return startService({
    name: `the Hustle ${name}`,
    args: [path.join(options.root, 'apps/server/dist/main.js')],
    execArgv: options.execArgv ?? [],
    env: {
      NODE_ENV: 'production',
      SECRET_KEY: options.secretKey ?? crypto.randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: options.dataDir,
      SMTP_URL: options.smtpUrl,
      // Production refuses to start without a payment provider; no scenario pays, and the
      // server listens on loopback only (decision 014).
      SANDBOX_CHECKOUT_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'warn',
      // Every request comes from 127.0.0.1; the guard still runs on each request.
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      AUTH_IP_CODE_REQUESTS_PER_10_MIN: '1000000',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    port,
    readyPath: '/readyz',
    logFile: path.join(options.dir, `${name}.log`),
  });
}
