// npm run bench [-- --quick]: the load benchmark of issue 12. Prints numbers; asserts nothing.
// How it works and how to read it: docs/performance.md (which a full run rewrites).
// npm run bench -- --soak: the held load of docs/reliability.md; fails unless it held.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, sqliteFileIn } from '@hustle/server/db/database';
import { apiClient } from './api.ts';
import { checkBudgets, checkWebBudgets, formatBudgets, inTableOrder, ROW } from './budgets.ts';
import { ensureBuilt } from './build.ts';
import { compareClusterSizes } from './cluster-bench.ts';
import { postgresCommitsPerSecond, sqliteCommitsPerSecond } from './commit-ceiling.ts';
import { writeDoc } from './doc.ts';
import { seedFixtures } from './fixtures.ts';
import { startHustle } from './hustle-server.ts';
import { runLoad } from './load.ts';
import { bearer, type RequestSpec } from './load-spec.ts';
import { describeMachine } from './machine.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { parseOptions } from './options.ts';
import { createPostgresSchema } from './postgres-schema.ts';
import { freePort } from '@hustle/server/testing/ports';
import { localPostgresCpu, startService, waitUntilQuiet, type CpuMeter } from './processes.ts';
import {
  formatFailures,
  formatMicros,
  formatMs,
  formatRate,
  formatTable,
  hasErrors,
  markdownTable,
  type Row,
} from './report.ts';
import { mixedScenario, scenarioSteps, type Scenario } from './scenarios.ts';
import { compareWithSqlite, type SideBySide } from './side-by-side.ts';
import { formatSoak, GC_ON_SIGNAL, holdLoad } from './soak.ts';
import { seedWebAccounts } from './web/web-accounts.ts';
import { runWebPhase } from './web/web-phase.ts';
import { formatWebTables, type WebResults } from './web/web-results.ts';

const root = path.resolve(import.meta.dirname, '../..');
const options = parseOptions(process.argv.slice(2), process.env);
const machine = describeMachine(root);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-bench-'));
const cleanups: (() => Promise<void> | void)[] = [
  () => fs.rmSync(dir, { recursive: true, force: true }),
];
const startedAt = performance.now();

function log(line: string): void {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0).padStart(4);
  console.log(`[${seconds} s] ${line}`);
}

async function load(
  origin: string,
  sequences: RequestSpec[][],
  connections: number,
  expectedStatus?: number,
  onMeasuring?: () => void,
) {
  return runLoad(
    {
      origin,
      connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      sequences,
      expectedStatus,
    },
    onMeasuring,
  );
}

function logRow(row: Row): Row {
  const { result } = row;
  const failures = hasErrors(result) ? ` (${formatFailures(result).replaceAll('**', '')})` : '';
  const serverCpu =
    row.serverCpuMicros === undefined
      ? ''
      : `, server CPU ${formatMicros(row.serverCpuMicros)}/answer`;
  const databaseCpu =
    row.databaseCpuMicros === undefined
      ? ''
      : `, database CPU ${formatMicros(row.databaseCpuMicros)}/answer`;
  const cpu = serverCpu + databaseCpu;
  log(
    `${row.title}: ${formatRate(result.requestsPerSecond)} req/s, p50 ${formatMs(result.p50)}, ` +
      `p99 ${formatMs(result.p99)}${cpu}${failures}`,
  );
  return row;
}

async function measureBare(): Promise<Row> {
  const hello = await startService({
    name: 'the hello server',
    args: [path.join(import.meta.dirname, 'hello-server.ts')],
    execArgv: process.execArgv,
    env: {},
    port: await freePort(),
    readyPath: '/',
    logFile: path.join(dir, 'hello.log'),
  });
  try {
    const scenario: Scenario = {
      id: ROW.bare,
      title: 'bare node:http hello (ceiling)',
      kind: 'ceiling',
      sequences: [[{ method: 'GET', path: '/', headers: {} }]],
    };
    return await measure(hello.origin, scenario, hello);
  } finally {
    await hello.stop();
  }
}

/**
 * One scenario's row; with `server`, the row also tells its CPU time per answer (scenarios that
 * run side by side share the server, so theirs is left out), and with `database` the database's.
 */
async function measure(
  origin: string,
  scenario: Scenario,
  server?: CpuMeter,
  database?: CpuMeter,
): Promise<Row> {
  let answerBytes: number | undefined;
  if (scenario.sizedPath) {
    const { path: sizedPath, token } = scenario.sizedPath;
    const response = await fetch(`${origin}${sizedPath}`, { headers: bearer(token) });
    answerBytes = (await response.arrayBuffer()).byteLength;
  }
  const connections = scenario.connections ?? options.connections;
  let cpuAtStart: number | null = null;
  let databaseCpuAtStart: number | null = null;
  const result = await load(
    origin,
    scenario.sequences,
    connections,
    scenario.expectedStatus,
    () => {
      cpuAtStart = server?.cpuSeconds() ?? null;
      databaseCpuAtStart = database?.cpuSeconds() ?? null;
    },
  );
  const perAnswer = (atStart: number | null, atEnd: number | null) =>
    atStart !== null && atEnd !== null && result.requests > 0
      ? ((atEnd - atStart) * 1e6) / result.requests
      : undefined;
  return logRow({
    id: scenario.id,
    title: scenario.title,
    kind: scenario.kind,
    answerBytes,
    result,
    serverCpuMicros: perAnswer(cpuAtStart, server?.cpuSeconds() ?? null),
    databaseCpuMicros: perAnswer(databaseCpuAtStart, database?.cpuSeconds() ?? null),
  });
}

/**
 * The production server on a fresh database, with what seeds it: its API, mail and database.
 * Each server gets a data dir of its own (a run on PostgreSQL starts a SQLite one after it).
 */
async function startProductionServer(
  databaseUrl: string | undefined,
  execArgv: string[] = [],
  name = 'server',
) {
  const mail = await startMailCatcher();
  cleanups.push(() => mail.close());
  const dataDir = path.join(dir, `data-${name}`);
  const server = await startHustle({
    root,
    dir,
    dataDir,
    smtpUrl: mail.smtpUrl,
    databaseUrl,
    execArgv,
    name,
  });
  cleanups.unshift(() => server.stop());

  // The server has migrated it; the bench writes tasks into it with the server's repositories.
  const database = openDatabase(
    databaseUrl ? { databaseUrl } : { sqliteFile: sqliteFileIn(dataDir) },
  );
  cleanups.unshift(() => database.close());
  return {
    server,
    mail,
    db: database.db,
    call: apiClient(server.origin),
    onPostgres: Boolean(databaseUrl),
  };
}

type ProductionServer = Awaited<ReturnType<typeof startProductionServer>>;
type SeededServer = Awaited<ReturnType<typeof startSeededServer>>;

/** The production server, its fixtures seeded; RSS noted at each step. */
async function startSeededServer(
  databaseUrl: string | undefined,
  execArgv: string[] = [],
  name?: string,
) {
  const started = await startProductionServer(databaseUrl, execArgv, name);
  const { server, call, mail, db } = started;
  const rss = [{ label: 'idle after start', bytes: server.rss() }];
  const fixtures = await seedFixtures(server.origin, call, mail, db, options);
  log(`seeded ${fixtures.summary}`);
  rss.push({ label: 'after seeding', bytes: server.rss() });
  return { ...started, fixtures, rss };
}

async function waitForQuiet(server: ProductionServer['server']): Promise<void> {
  const waitStarted = performance.now();
  const isQuiet = await waitUntilQuiet(server);
  const waited = (performance.now() - waitStarted) / 1000;
  if (!isQuiet) log('the server is still busy after 180 s; measuring anyway');
  else if (waited > 5) log(`waited ${waited.toFixed(0)} s for the server to finish earlier work`);
}

/** The browser's side of issue 12, against the same server once it is quiet (web/web-phase.ts). */
async function measureWeb({ server, call, mail, db }: ProductionServer): Promise<WebResults> {
  await waitForQuiet(server);
  const web = await runWebPhase({
    origin: server.origin,
    seed: () => seedWebAccounts(call, mail, db),
    runs: options.webRuns,
    lighthouseRuns: options.lighthouseRuns,
    dir,
    log,
  });
  log(`the web phase took ${web.seconds.toFixed(0)} s`);
  return web;
}

/** --web-only: the web phase alone on a fresh server; prints, leaves the doc alone. */
async function webOnly(databaseUrl: string | undefined): Promise<void> {
  const web = await measureWeb(await startProductionServer(databaseUrl));
  const budgetTable = markdownTable(
    ['budget', 'measured', 'verdict'],
    formatBudgets(checkWebBudgets(web)),
  );
  console.log(`\n${formatWebTables(web)}\n\n${budgetTable}\n`);
  log('a --web-only run: docs/performance.md is left as it is');
}

async function main(): Promise<void> {
  ensureBuilt(root);
  const flags = `${options.quick ? ' --quick' : ''}${options.cluster ? ' --cluster' : ''}`;
  log(
    `Hustle bench${flags}: ${machine.cpu}, ${machine.cores} cores, ` +
      `load average ${machine.loadAverage.toFixed(2)}`,
  );
  if (options.cluster) {
    const table = await compareClusterSizes({
      options,
      databaseUrl: options.databaseUrl!,
      log,
      measure,
    });
    console.log(`\n${table}\n`);
    log(
      `load average at the end ${(os.loadavg()[0] ?? 0).toFixed(2)}; docs/performance.md is left as it is`,
    );
    return;
  }

  const schema = options.databaseUrl ? await createPostgresSchema(options.databaseUrl) : undefined;
  if (schema) cleanups.push(() => schema.drop());
  if (options.webOnly) return webOnly(schema?.url);

  // The ceilings first, while nothing else of ours runs.
  const commitCeilings = [
    {
      label: 'SQLite',
      commitsPerSecond: sqliteCommitsPerSecond(dir, options.commitCeilingSeconds),
    },
  ];
  if (schema) {
    commitCeilings.push({
      label: 'PostgreSQL (one connection)',
      commitsPerSecond: await postgresCommitsPerSecond(schema.url, options.commitCeilingSeconds),
    });
  }
  for (const ceiling of commitCeilings) {
    log(`${ceiling.label} commit ceiling: ${formatRate(ceiling.commitsPerSecond)} commits/s`);
  }
  const bare = await measureBare();

  // Outside the run's dir, which is removed at the end.
  const profileDir = path.join(os.tmpdir(), `hustle-profile-${Date.now()}`);
  const started = await startSeededServer(
    schema?.url,
    options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const { server, fixtures, rss } = started;

  const rows: Row[] = [bare, ...(await measureScenarios(started))];
  rss.push({ label: 'after the scenarios', bytes: server.rss() });
  if (options.only || options.profile) {
    const sideBySide = schema ? await besideSqlite(rows, server) : undefined;
    await partialRunEnds(rows, commitCeilings.at(-1)!.commitsPerSecond, server, profileDir);
    if (sideBySide) printSideBySide(sideBySide);
    log('a partial run: docs/performance.md is left as it is');
    return;
  }
  const web = await measureWeb(started);
  rss.push({ label: 'after the web phase', bytes: server.rss() });
  const sideBySide = schema ? await besideSqlite(rows, server) : undefined;

  const ceilings = {
    bareRequestsPerSecond: bare.result.requestsPerSecond,
    commitsPerSecond: commitCeilings.at(-1)!.commitsPerSecond,
  };
  const table = formatTable(inTableOrder(rows), ceilings);
  const budgets = [
    ...checkBudgets(rows, ceilings, Math.max(...options.scaleTasks)),
    ...checkWebBudgets(web),
    ...(sideBySide?.budgets ?? []),
  ];
  const budgetTable = markdownTable(['budget', 'measured', 'verdict'], formatBudgets(budgets));
  const besideTable = sideBySide ? `PostgreSQL beside SQLite:\n\n${sideBySide.table}\n\n` : '';
  console.log(`\n${table}\n\n${formatWebTables(web)}\n\n${besideTable}${budgetTable}\n`);
  if (options.quick) {
    log('a --quick run: docs/performance.md is left as it is');
    return;
  }
  writeDoc(path.join(root, 'docs/performance.md'), {
    options,
    machine,
    loadAverageAtEnd: os.loadavg()[0] ?? 0,
    database: schema
      ? `PostgreSQL (${new URL(options.databaseUrl!).host}), schema ${schema.name}, dropped afterwards; ` +
        'then the same scenarios on SQLite (WAL, synchronous=FULL) in a temp dir'
      : 'SQLite (WAL, synchronous=FULL) in a temp dir',
    bareRequestsPerSecond: bare.result.requestsPerSecond,
    commitCeilings,
    table,
    web,
    budgets,
    sideBySide: sideBySide?.table,
    rss,
    seeding: fixtures.summary,
  });
  log('wrote docs/performance.md');
}

/**
 * The run's scenarios, one step after another once the server is quiet; `label` marks the
 * titles of a second database's rows in the log (rows keep their ids).
 */
async function measureScenarios(
  { server, fixtures, onPostgres }: SeededServer,
  label = '',
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const step of selectedSteps(scenarioSteps(fixtures, options.scaleTasks))) {
    await waitForQuiet(server);
    const alone = step.length === 1 ? server : undefined;
    const database = alone && onPostgres ? localPostgresCpu() : undefined;
    const labelled = step.map((scenario) => ({ ...scenario, title: label + scenario.title }));
    rows.push(
      ...(await Promise.all(
        labelled.map((scenario) => measure(server.origin, scenario, alone, database)),
      )),
    );
  }
  return rows;
}

/** On PostgreSQL: its server stopped, then the same scenarios on SQLite (side-by-side.ts). */
function besideSqlite(postgresRows: Row[], server: ProductionServer['server']) {
  return compareWithSqlite({
    postgresRows,
    stopPostgresServer: () => server.stop(),
    measureOnSqlite: async () => {
      const started = await startSeededServer(undefined, [], 'server-sqlite');
      try {
        return await measureScenarios(started, 'SQLite: ');
      } finally {
        await started.server.stop();
      }
    },
    log,
  });
}

function printSideBySide({ table, budgets }: SideBySide): void {
  const budgetTable = markdownTable(['budget', 'measured', 'verdict'], formatBudgets(budgets));
  console.log(`PostgreSQL beside SQLite:\n\n${table}\n\n${budgetTable}\n`);
}

/** --only: the steps holding a named scenario (the isolation pair runs together). */
function selectedSteps(steps: Scenario[][]): Scenario[][] {
  const only = options.only;
  if (!only) return steps;
  const known = steps.flat().map((scenario) => scenario.id);
  const unknown = only.filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new Error(`--only: no scenario ${unknown.join(', ')} (known: ${known.join(', ')})`);
  }
  return steps.filter((step) => step.some((scenario) => only.includes(scenario.id)));
}

/** --only / --profile: the rows printed; the server stopped so that it writes its profile. */
async function partialRunEnds(
  rows: Row[],
  commitsPerSecond: number,
  server: ProductionServer['server'],
  profileDir: string,
): Promise<void> {
  const table = formatTable(inTableOrder(rows), {
    bareRequestsPerSecond: rows[0]!.result.requestsPerSecond,
    commitsPerSecond,
  });
  console.log(`\n${table}\n`);
  if (options.profile) {
    await server.stop();
    log(`the server's CPU profile: ${profileDir} (open it in Chrome's DevTools)`);
  }
}

/** The mixed load of every user held for the run's duration; memory before, at peak, after. */
async function soak(): Promise<void> {
  ensureBuilt(root);
  log(
    `Hustle held load: ${machine.cpu}, ${machine.cores} cores, ` +
      `load average ${machine.loadAverage.toFixed(2)}`,
  );
  const schema = options.databaseUrl ? await createPostgresSchema(options.databaseUrl) : undefined;
  if (schema) cleanups.push(() => schema.drop());
  const { server, fixtures } = await startSeededServer(schema?.url, GC_ON_SIGNAL);
  const result = await holdLoad(server, mixedScenario(fixtures.users), options, log);
  console.log(`\n${schema ? 'PostgreSQL' : 'SQLite'}: ${formatSoak(result)}\n`);
  if (!result.held) process.exitCode = 1;
}

try {
  await (options.soak ? soak() : main());
} finally {
  for (const cleanup of cleanups) await cleanup();
}
