/**
 * `npm run bench:portability [-- --postgres] [-- --tasks=100000]`: seeds an account with many
 * tasks, exports it over HTTP to a file, imports the file into an empty Premium account over
 * HTTP, exports that one and compares the two (decision 045). Prints each step's time, the
 * process's peak RSS and heap while it ran, and the event loop's longest stall. SQLite runs in
 * a file of a temporary directory (WAL, synchronous=FULL, as in production); --postgres uses a
 * fresh schema of TEST_DATABASE_URL. Not a test: the figures go into docs/performance.md.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { endpoints } from '@hustle/shared/api';
import { CAPS } from '@hustle/shared/constants';
import type { ExportAnswer } from '@hustle/shared/portability';
import { openDatabase, sqliteFileIn } from '@hustle/server/db/database';
import { migrateToLatest } from '@hustle/server/db/migrate';
import { apiClientFor, type ApiClient } from '@hustle/server/testing/api-client';
import { content } from '@hustle/server/testing/export-content';
import { seedLargeAccount } from '@hustle/server/testing/seed-large-account';
import { createTestApp } from '@hustle/server/testing/test-app';
import { createTestDatabase, type TestDatabase } from '@hustle/server/testing/test-databases';

const args = process.argv.slice(2);
const isPostgres = args.includes('--postgres');
const tasksWanted = Number(args.find((arg) => arg.startsWith('--tasks='))?.slice(8) ?? 100_000);

/** Full projects, then the inbox and a few automation tasks: each list within the app's caps. */
function shapeFor(total: number) {
  const automationTasks = 500;
  const inboxTasks = Math.min(CAPS.tasksPerList - automationTasks, total - automationTasks);
  const inProjects = total - automationTasks - inboxTasks;
  const projects = Math.ceil(inProjects / CAPS.tasksPerList);
  assert.equal(inProjects % Math.max(projects, 1), 0, 'choose a total the projects share evenly');
  return {
    projects,
    tasksPerProject: projects === 0 ? 0 : inProjects / projects,
    inboxTasks,
    automationTasks,
    plannedEvery: 50,
  };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Runs `step`, sampling memory every 10 ms and the event loop's delay, and prints the figures. */
async function measured<T>(label: string, step: () => Promise<T>): Promise<T> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const result = await step();
  const ms = performance.now() - started;
  delay.disable();
  clearInterval(sampler);
  console.log(
    `${label.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(6)} s   ` +
      `RSS ${mib(before.rss)} → peak ${mib(peakRss)}   ` +
      `heap ${mib(before.heapUsed)} → peak ${mib(peakHeap)}   ` +
      `longest event-loop stall ${(delay.max / 1e6).toFixed(0)} ms`,
  );
  return result;
}

/** Streams the caller's export into `file`; answers its size in bytes. */
async function exportTo(origin: string, client: ApiClient, file: string): Promise<number> {
  const res = await fetch(origin + endpoints.exportData.path, { headers: client.headers });
  assert.equal(
    res.status,
    200,
    await res
      .clone()
      .text()
      .catch(() => ''),
  );
  await pipeline(Readable.fromWeb(res.body!), fs.createWriteStream(file));
  return fs.statSync(file).size;
}

/** Sends `file` as it is read, as the body of `path`; answers the parsed answer. */
async function sendFile(origin: string, client: ApiClient, route: string, file: string) {
  const res = await fetch(origin + route, {
    method: 'POST',
    headers: { ...client.headers, 'content-type': 'application/json' },
    body: Readable.toWeb(fs.createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const text = await res.text();
  assert.equal(res.status, 200, text.slice(0, 500));
  return JSON.parse(text) as unknown;
}

async function openBenchDatabase(dir: string): Promise<TestDatabase> {
  if (isPostgres) return createTestDatabase('postgres');
  const handle = openDatabase({ sqliteFile: sqliteFileIn(dir) });
  await migrateToLatest(handle.db);
  return { ...handle, destroy: handle.close };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-portability-bench-'));
  const database = await openBenchDatabase(dir);
  const t = await createTestApp(database.dialect, { database });
  try {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const shape = shapeFor(tasksWanted);
    console.log(`${database.dialect}: ${tasksWanted} tasks, ${JSON.stringify(shape)}`);
    const ada = await apiClientFor(t.app, 'ada@example.com');
    await measured('seed (bulk inserts)', () => seedLargeAccount(t.database.db, ada, shape));

    const file = path.join(dir, 'export.json');
    const bytes = await measured('export (streamed to a file)', () => exportTo(origin, ada, file));
    console.log(`  the document: ${mib(bytes)} (${bytes} bytes)`);

    const carol = await apiClientFor(t.app, 'carol@example.com');
    const preview = await measured('preview (file streamed up)', () =>
      sendFile(origin, carol, endpoints.previewImport.path, file),
    );
    console.log(`  ${JSON.stringify(preview)}`);
    const result = await measured('import (file streamed up)', () =>
      sendFile(origin, carol, endpoints.importData.path, file),
    );
    console.log(`  ${JSON.stringify(result)}`);

    const copyFile = path.join(dir, 'copy.json');
    await exportTo(origin, carol, copyFile);
    const read = (name: string) => JSON.parse(fs.readFileSync(name, 'utf8')) as ExportAnswer;
    assert.deepEqual(content(read(copyFile)), content(read(file)));
    console.log(
      'compared: the copy holds the same projects, tasks, order, Execute list and automations',
    );
  } finally {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
