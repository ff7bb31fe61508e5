// Load benchmark: boots the real app on a fresh database, seeds a busy workspace and measures
// the hot calls with autocannon over loopback. Prints numbers; asserts nothing.
//   npm run bench                         (SQLite in a temp dir)
//   BENCH_DATABASE_URL=postgres://… npm run bench
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROJECTS = 20;
const TASKS_PER_PROJECT = 30;
const PLANNED = 300;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const database = openDatabase(
  databaseUrl ? { databaseUrl } : { sqliteFile: path.join(dir, 'bench.db') },
);
await migrateToLatest(database.db);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dir,
  API_RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_IP_CODE_REQUESTS_PER_10_MIN: '100000',
  SCHEDULER_INTERVAL_MS: '0',
});
const app = await buildApp({
  config,
  database,
  secretKey: 'bench-secret-key-long-enough-0123456789',
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- seeding reads a few known fields
async function call(method: string, url: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const email = `bench-${Date.now()}@example.com`;
const { debugCode } = await call('POST', '/auth/code/authorize', { email });
const { accessToken } = await call('POST', '/auth/code/login', { email, code: debugCode });
const { workspaceId } = await call('GET', '/api/v1/session', undefined, accessToken);
const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };

const seedStarted = performance.now();
const taskIds: string[] = [];
for (let p = 0; p < PROJECTS; p++) {
  const { projectId } = await call(
    'POST',
    '/api/v1/projects',
    { workspaceId, name: `Project ${p}` },
    accessToken,
  );
  for (let t = 0; t < TASKS_PER_PROJECT; t++) {
    const planned = taskIds.length < PLANNED;
    const { id } = await call(
      'POST',
      '/api/v1/tasks',
      { workspaceId, projectId, name: `Task ${p}.${t}`, planned },
      accessToken,
    );
    taskIds.push(id);
  }
}
const seedMs = performance.now() - seedStarted;

async function measure(
  title: string,
  { path: urlPath = '/', ...options }: Partial<autocannon.Options> & { path?: string },
) {
  const result = await autocannon({
    url: `${base}${urlPath}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    ...options,
  });
  const errors = result.errors + result.non2xx;
  console.log(
    `${title.padEnd(38)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${errors}`,
  );
}

console.log(
  `Hustle benchmark — ${database.dialect}, ${CONNECTIONS} connections, ${SECONDS} s each`,
);
console.log(
  `workspace: ${PROJECTS} projects × ${TASKS_PER_PROJECT} tasks, ${PLANNED} planned; seeded ${taskIds.length} tasks over HTTP in ${Math.round(seedMs)} ms (${Math.round(seedMs / taskIds.length)} ms per create incl. project creation)`,
);
const workspace = await call('GET', `/workspaces/${workspaceId}`, undefined, accessToken);
console.log(
  `workspace response: ${Math.round(JSON.stringify(workspace).length / 1024)} KiB, ${workspace.plannedTasks.length} planned ids`,
);

await measure('GET /healthz', { path: '/healthz' });
await measure('GET /api/v1/dashboard/version', { path: '/api/v1/dashboard/version' });
await measure('GET /workspaces/{id} (full workspace)', { path: `/workspaces/${workspaceId}` });
let n = 0;
await measure('PUT reorder (planned list move)', {
  method: 'PUT',
  requests: [
    {
      method: 'PUT',
      setupRequest: (request) => {
        n += 1;
        const moving = taskIds[n % PLANNED]!;
        let after = taskIds[(n * 7 + 3) % PLANNED]!;
        if (after === moving) after = taskIds[(n + 1) % PLANNED]!;
        return {
          ...request,
          path: `/api/v1/workspace/tasks/${moving}/reorder`,
          body: JSON.stringify({ workspaceId, afterTaskId: after }),
        };
      },
    },
  ],
});
await measure('POST /api/v1/tasks (create in inbox)', {
  method: 'POST',
  path: '/api/v1/tasks',
  body: JSON.stringify({ workspaceId, name: 'Benchmark task', planned: false }),
});

await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
