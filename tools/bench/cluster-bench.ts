import { startCluster, type Instance } from '../cluster/cluster.ts';
import { openDatabase } from '@hustle/server/db/database';
import { apiClient } from './api.ts';
import { ROW } from './budgets.ts';
import { seedFixtures } from './fixtures.ts';
import type { BenchOptions } from './options.ts';
import { cpuOfProcesses, localPostgresCpu, waitUntilQuiet, type CpuMeter } from './processes.ts';
import {
  formatMicros,
  formatMs,
  formatRate,
  hasErrors,
  markdownTable,
  type Row,
} from './report.ts';
import { scenarioSteps, type Scenario } from './scenarios.ts';

/** The scenarios compared: a cheap read, the mixed load, and a write (which the database serialises). */
const COMPARED: string[] = [ROW.smallRead, ROW.mixed, ROW.createTask];

/**
 * `npm run bench -- --cluster`: the same scenarios against one server directly, one server
 * behind nginx, and three behind nginx (the cluster test's setup, on PostgreSQL). Returns the
 * markdown table for docs/performance.md.
 */
export async function compareClusterSizes(deps: {
  options: BenchOptions;
  databaseUrl: string;
  log: (line: string) => void;
  measure: (
    origin: string,
    scenario: Scenario,
    servers?: CpuMeter,
    database?: CpuMeter,
  ) => Promise<Row>;
}): Promise<string> {
  const { options, log } = deps;
  const cluster = await startCluster({
    databaseUrl: deps.databaseUrl,
    instances: ['a', 'b', 'c'],
    // As the single-server bench: every request comes from 127.0.0.1, no scheduler at work.
    env: {
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      AUTH_IP_CODE_REQUESTS_PER_10_MIN: '1000000',
      SCHEDULER_INTERVAL_MS: '0',
      DATABASE_POOL_SIZE: '10',
    },
  });
  const database = openDatabase({ databaseUrl: cluster.database.url });
  try {
    const fixtures = await seedFixtures(
      cluster.origin,
      apiClient(cluster.origin),
      cluster.mail,
      database.db,
      options,
    );
    log(`seeded ${fixtures.summary}`);
    const scenarios = scenarioSteps(fixtures, options.scaleTasks)
      .flat()
      .filter((scenario) => COMPARED.includes(scenario.id));
    const [a] = cluster.instances as [Instance];
    const setups = [
      { label: 'one server, no nginx', origin: a.origin, serving: [a], behindNginx: [] },
      { label: 'nginx → 1 server', origin: cluster.origin, serving: [a], behindNginx: [a] },
      {
        label: 'nginx → 3 servers',
        origin: cluster.origin,
        serving: cluster.instances,
        behindNginx: cluster.instances,
      },
    ];
    // Right after seeding, the first runs measured a fraction of what the same setup did later
    // (PostgreSQL and the servers still settling): one round first, its figures dropped.
    for (const scenario of scenarios) {
      await deps.measure(a.origin, { ...scenario, title: `warm-up: ${scenario.title}` });
    }
    const results = new Map<string, Row[]>();
    for (const setup of setups) {
      if (setup.behindNginx.length > 0) cluster.balance(setup.behindNginx);
      for (const scenario of scenarios) {
        for (const instance of cluster.instances) await waitUntilQuiet(instance);
        // On two shared cores req/s cannot show what a server adds; the CPU each answer costs
        // the servers and PostgreSQL can (the same per answer for three servers as for one is
        // three times the capacity, given three machines' cores).
        const row = await deps.measure(
          setup.origin,
          { ...scenario, title: `${setup.label}: ${scenario.title}` },
          cpuOfProcesses(setup.serving.map((instance) => instance.pid)),
          localPostgresCpu(),
        );
        results.set(scenario.id, [...(results.get(scenario.id) ?? []), row]);
      }
    }
    const cpu = (micros: number | undefined) => (micros === undefined ? '—' : formatMicros(micros));
    const cell = ({ result, serverCpuMicros, databaseCpuMicros }: Row) =>
      hasErrors(result)
        ? `**${result.errors + result.unexpected} failed**`
        : `${formatRate(result.requestsPerSecond)} req/s, p99 ${formatMs(result.p99)}; ` +
          `CPU/answer: servers ${cpu(serverCpuMicros)}, PostgreSQL ${cpu(databaseCpuMicros)}`;
    return markdownTable(
      ['scenario', ...setups.map((setup) => setup.label)],
      scenarios.map((scenario) => [scenario.title, ...(results.get(scenario.id) ?? []).map(cell)]),
    );
  } finally {
    await database.close();
    await cluster.stop();
  }
}
