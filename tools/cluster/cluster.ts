import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureBuilt } from '../bench/build.ts';
import { startHustle } from '../bench/hustle-server.ts';
import { startMailCatcher, type MailCatcher } from '../bench/mail-catcher.ts';
import { createPostgresDatabase, type PostgresSchema } from '../bench/postgres-schema.ts';
import { startService, type Service } from '../bench/processes.ts';
import { freePort } from '@hustle/server/testing/ports';

const root = path.resolve(import.meta.dirname, '../..');

/** Login-code requests one address may make in 10 minutes, low so the test can reach it. */
export const IP_CODE_REQUESTS = 6;
/** The bearer secret every server's /metrics answers (decision 054). */
export const METRICS_TOKEN = crypto.randomBytes(24).toString('hex');
/** The automation scheduler of every server looks for due runs this often. */
export const SCHEDULER_INTERVAL_MS = 300;

export interface Instance extends Service {
  name: string;
}

/** nginx's HTTPS address and the self-signed certificate it presents there. */
export interface TlsEndpoint {
  origin: string;
  certificate: string;
}

export interface Cluster {
  /** nginx, the one address clients use. */
  origin: string;
  tls: TlsEndpoint;
  instances: Instance[];
  mail: MailCatcher;
  database: PostgresSchema;
  /** Starts one more server on the same database and puts it behind nginx. */
  addInstance(name: string): Promise<Instance>;
  /** Puts just these servers behind nginx (render and reload, as docs/deploy.md does). */
  balance(instances: Instance[]): void;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  dir: string;
  stop(): Promise<void>;
}

/** A certificate for 127.0.0.1 made as docs/deploy.md makes one for a trial run. */
function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, 'tls.crt');
  const key = path.join(dir, 'tls.key');
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', key, '-out', certificate],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { certificate, key };
}

/** The render script of deploy/, as docs/deploy.md runs it, HTTPS included. */
function renderNginxConfig(
  dir: string,
  listen: string,
  servers: string[],
  tls: { listen: string; certificate: string; key: string },
): void {
  const rendered = spawnSync(
    'sh',
    [path.join(root, 'deploy/render-nginx.sh'), listen, ...servers],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        TLS_LISTEN: tls.listen,
        TLS_CERTIFICATE: tls.certificate,
        TLS_CERTIFICATE_KEY: tls.key,
      },
    },
  );
  if (rendered.status !== 0) throw new Error(`render-nginx.sh failed: ${rendered.stderr}`);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), rendered.stdout);
}

const nginxArgs = (dir: string) => ['-p', dir, '-c', 'nginx.conf', '-e', 'logs/error.log'];
const nginxEnv = { PATH: `${process.env.PATH ?? ''}:/usr/sbin` };

export async function startCluster(options: {
  databaseUrl: string;
  instances: string[];
  /** Server settings over the test's own. */
  env?: Record<string, string>;
}): Promise<Cluster> {
  ensureBuilt(root);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-cluster-'));
  // nginx's workers drop root rights when started as root; they must still reach their paths.
  fs.chmodSync(dir, 0o755);
  for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(dir, sub));
  const stops: (() => Promise<void>)[] = [async () => fs.rmSync(dir, { recursive: true })];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const database = await createPostgresDatabase(options.databaseUrl, 'hustle_cluster');
    stops.push(database.drop);
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    stops.push(() => pool.end());
    const mail = await startMailCatcher();
    stops.push(mail.close);
    const nginxPort = await freePort();
    const origin = `http://127.0.0.1:${nginxPort}`;
    const tlsPort = await freePort();
    const tlsFiles = selfSignedCertificate(dir);
    const secretKey = crypto.randomBytes(32).toString('hex');

    const instances: Instance[] = [];
    const startInstance = async (name: string): Promise<Instance> => {
      const service = await startHustle({
        root,
        dir,
        dataDir: path.join(dir, `data-${name}`),
        smtpUrl: mail.smtpUrl,
        databaseUrl: database.url,
        name,
        secretKey,
        env: {
          APP_URL: origin,
          TRUST_PROXY: 'true',
          AUTH_IP_CODE_REQUESTS_PER_10_MIN: String(IP_CODE_REQUESTS),
          SCHEDULER_INTERVAL_MS: String(SCHEDULER_INTERVAL_MS),
          DATABASE_POOL_SIZE: '4',
          METRICS_TOKEN,
          ...options.env,
        },
      });
      const instance = { ...service, name };
      instances.push(instance);
      stops.push(() => instance.kill());
      return instance;
    };
    await Promise.all(options.instances.map(startInstance));
    instances.sort((a, b) => options.instances.indexOf(a.name) - options.instances.indexOf(b.name));

    const renderFor = (all: Instance[]) =>
      renderNginxConfig(
        dir,
        `127.0.0.1:${nginxPort}`,
        all.map((instance) => new URL(instance.origin).host),
        { listen: `127.0.0.1:${tlsPort}`, ...tlsFiles },
      );
    const balance = (all: Instance[]) => {
      renderFor(all);
      const reload = spawnSync('nginx', [...nginxArgs(dir), '-s', 'reload'], {
        env: nginxEnv,
        encoding: 'utf8',
      });
      if (reload.status !== 0) throw new Error(`nginx -s reload failed: ${reload.stderr}`);
    };
    renderFor(instances);
    const nginx = await startService({
      name: 'nginx',
      command: 'nginx',
      args: [...nginxArgs(dir), '-g', 'daemon off;'],
      env: nginxEnv,
      port: nginxPort,
      readyPath: '/readyz',
      logFile: path.join(dir, 'logs/error.log'),
    });
    stops.push(nginx.stop);

    return {
      origin,
      tls: {
        origin: `https://127.0.0.1:${tlsPort}`,
        certificate: fs.readFileSync(tlsFiles.certificate, 'utf8'),
      },
      instances,
      mail,
      database,
      dir,
      async addInstance(name) {
        const instance = await startInstance(name);
        // A server that is down stays listed; nginx passes it over (max_fails).
        balance(instances);
        return instance;
      },
      balance,
      query: async <Row>(sql: string, params: unknown[] = []) =>
        (await pool.query(sql, params)).rows as Row[],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
