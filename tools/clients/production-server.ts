import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../bench/build.ts';
import { startHustle } from '../bench/hustle-server.ts';
import { startMailCatcher } from '../bench/mail-catcher.ts';
import { createPostgresDatabase } from '../bench/postgres-schema.ts';
import type { Route } from '../cluster/http.ts';
import { signIn } from '../cluster/users.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type Dialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too where TEST_DATABASE_URL names one (CI sets it). */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface ProductionServer {
  origin: string;
  /** A folder for the clients' own files, removed with the server. */
  dir: string;
  /** Signs in through the mailed code, as a person does; answers the session's token. */
  signIn(email: string): Promise<{ token: string; workspaceId: string; route: Route }>;
  stop(): Promise<void>;
}

/** The production build (`npm start`) in a process of its own, on a database of its own. */
export async function startProductionServer(dialect: Dialect): Promise<ProductionServer> {
  ensureBuilt(root);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hustle-clients-${dialect}-`));
  const mail = await startMailCatcher();
  const database =
    dialect === 'postgres'
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hustle_clients')
      : undefined;
  const server = await startHustle({
    root,
    dir,
    dataDir: path.join(dir, 'data'),
    smtpUrl: mail.smtpUrl,
    databaseUrl: database?.url,
  });
  const route: Route = { origin: server.origin, from: '127.0.0.1' };
  return {
    origin: server.origin,
    dir,
    signIn: async (email) => {
      const user = await signIn({ origin: server.origin, mail }, email, route.from);
      return { token: user.token, workspaceId: user.workspaceId, route };
    },
    stop: async () => {
      await server.stop();
      await mail.close();
      await database?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
