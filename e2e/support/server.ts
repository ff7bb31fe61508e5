import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@hustle/server/config';
import { buildApp } from '@hustle/server/app';
import { openDatabase, sqliteFileIn, type DatabaseHandle } from '@hustle/server/db/database';
import { migrateToLatest } from '@hustle/server/db/migrate';

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The real server, built from its own code, on a fresh SQLite file, serving the built web app. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-e2e-'));
  const port = await freePort();
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
    throw new Error(
      `No web build at ${config.webDistDir}: run "npm run build -w @hustle/web" first`,
    );
  }
  const database = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
  await migrateToLatest(database.db);
  const app = await buildApp({
    config,
    database,
    secretKey: 'e2e-secret-key-long-enough-0123456789',
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port });
  return {
    url,
    database,
    stop: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
