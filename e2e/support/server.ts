import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@hustle/server/config';
import { buildApp } from '@hustle/server/app';
import { openDatabase, sqliteFileIn, type DatabaseHandle } from '@hustle/server/db/database';
import { migrateToLatest } from '@hustle/server/db/migrate';
import type { MailMessage, Mailer } from '@hustle/server/lib/mailer';

/**
 * Catches the server's mail, as the development transport would log it: the API still hands
 * sign-in codes back, and scenarios read other mail (an address change) from here.
 */
export class MailCatcher implements Mailer {
  readonly isDevTransport = true;
  readonly sent: MailMessage[] = [];
  send = async (message: MailMessage) => {
    this.sent.push(message);
  };
  /** The last mail to the address; fails when none came. */
  lastTo(address: string): MailMessage {
    const mail = this.sent.findLast((message) => message.to === address);
    if (!mail) throw new Error(`no mail was sent to ${address}`);
    return mail;
  }
}

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  mail: MailCatcher;
  stop(): Promise<void>;
}

/** Binds port 0 on loopback and reads back the port the system chose: no probe, no race. */
async function listenOnAnyPort(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** The real server, built from its own code, on a fresh SQLite file, serving the built web app. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-e2e-'));
  // The app bakes its public address into magic links and checkout returns when it is built, so
  // the socket is bound first and the app, built for that address, then answers on it.
  const httpServer = http.createServer();
  const port = await listenOnAnyPort(httpServer);
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    // Every scenario's users share one address here, unlike real users.
    API_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  if (!fs.existsSync(path.join(config.webDistDir, 'index.html'))) {
    httpServer.close();
    throw new Error(
      `No web build at ${config.webDistDir}: run "npm run build -w @hustle/web" first`,
    );
  }
  const database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
  const mail = new MailCatcher();
  await migrateToLatest(database.db);
  const app = await buildApp({
    config,
    database,
    secretKey: 'e2e-secret-key-long-enough-0123456789',
    mailer: mail,
    logger: false,
  });
  await app.ready();
  httpServer.on('request', app.routing);
  return {
    url,
    database,
    mail,
    stop: async () => {
      // Live-update streams stay open until their page goes; the suite is done with them.
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
