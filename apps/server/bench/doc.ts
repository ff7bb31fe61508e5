import fs from 'node:fs';
import { formatBudgets, type BudgetCheck } from './budgets.ts';
import type { Machine } from './machine.ts';
import type { BenchOptions } from './options.ts';
import { formatBytes, formatRate, markdownTable } from './report.ts';

/** Everything from this line on is written by people and kept when the bench rewrites the doc. */
export const NOTES_MARKER =
  '<!-- Notes below this line are kept when npm run bench rewrites the file. -->';

export interface RunRecord {
  options: BenchOptions;
  machine: Machine;
  loadAverageAtEnd: number;
  database: string;
  bareRequestsPerSecond: number;
  commitCeilings: { label: string; commitsPerSecond: number }[];
  table: string;
  budgets: BudgetCheck[];
  rss: { label: string; bytes: number | null }[];
  seeding: string;
}

const HOW_TO_RUN = `## How to run

\`\`\`sh
npm run bench            # full run (about 15 s per scenario; under ten minutes on 2 cores)
npm run bench -- --quick # about a minute, smaller scale curve; prints, leaves this file alone
BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench   # on PostgreSQL
BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- --cluster --quick
                         # one server against three behind nginx (see "One server to three")
\`\`\`

The bench (\`apps/server/bench/\`) builds the app if a source is newer than the build, then:

1. measures two ceilings: a bare \`node:http\` hello server in its own process under the same
   load as the app, and this machine's single-row insert commits per second with the app's
   SQLite pragmas (WAL, \`synchronous=FULL\`) on the disk that holds the app's database (on
   PostgreSQL, its commit rate on one connection too);
2. starts the server as \`npm start\` does — \`node apps/server/dist/main.js\`, its own process,
   \`NODE_ENV=production\` with a \`SECRET_KEY\` — on a fresh SQLite \`DATA_DIR\` in a temp dir, or
   in a fresh PostgreSQL schema (dropped afterwards) when \`BENCH_DATABASE_URL\` is set;
3. seeds the accounts: each signs in through the API with the real login-code flow (the server
   mails the code over SMTP to a local catcher, since production never returns debug codes) and
   creates its projects through the API; their tasks — tens of thousands, which one request at a
   time took five minutes on a busy machine — are then written with the server's own
   repositories, one transaction per account, as the create requests would leave them;
4. runs each scenario with autocannon in a separate child process (50 connections, no
   pipelining, loopback only, each run bounded in time and killed if it overruns), after a
   warm-up whose figures are dropped;
5. prints the table and the budgets, and (not with \`--quick\`) rewrites this file above the notes.

Settings that differ from a default \`npm start\`, and why: \`LOG_LEVEL=warn\` (the bench measures
the app, not a per-request log line to a file), \`API_RATE_LIMIT_PER_MINUTE\` and
\`AUTH_IP_CODE_REQUESTS_PER_10_MIN\` raised (every request comes from 127.0.0.1; the flood guard
still runs on every request), \`SMTP_URL\` pointing at the local catcher, and
\`SANDBOX_CHECKOUT_IN_PRODUCTION=true\` (production will not start without a payment provider;
no scenario pays, and the server listens on loopback only).

Figures: req/s counts the answers a scenario expects (2xx; 304 for the conditional read); p50
and p99 are latencies of all answers as the load generator saw them; "% of bare" divides by
the hello server's req/s; "% of commit ceiling" divides a write's req/s by the commit rate. A
row with any other status or a connection error (a timeout after 10 s included) shows it in
bold, and fails its budget. Nothing here is asserted by a test: the machine is
shared, so figures move with whatever else runs on it.
`;

function machineSection(record: RunRecord): string {
  const { machine, options } = record;
  return `## This run

- Date: ${machine.date}; commit ${machine.commit}
- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.system}; Node ${machine.node}
- Load average (1 min): ${machine.loadAverage.toFixed(2)} at the start, ${record.loadAverageAtEnd.toFixed(2)} at the end (${machine.cores} cores; other work on the machine slows every figure)
- Database: ${record.database}
- Load: ${options.connections} connections, no pipelining, ${options.durationSeconds} s per scenario after ${options.warmupSeconds} s of warm-up
- Seeding: ${record.seeding}
- Ceilings: bare \`node:http\` ${formatRate(record.bareRequestsPerSecond)} req/s; ${record.commitCeilings
    .map((ceiling) => `${ceiling.label} ${formatRate(ceiling.commitsPerSecond)} commits/s`)
    .join('; ')}
- Server memory (RSS): ${record.rss.map((point) => `${point.label} ${point.bytes === null ? 'n/a' : formatBytes(point.bytes)}`).join(', ')}
`;
}

export function renderDoc(record: RunRecord, keptNotes: string): string {
  return `# Performance

Written by \`npm run bench\`; the figures and budgets come from one run on one machine. Issue 12
sets the budgets.

${HOW_TO_RUN}
${machineSection(record)}
## Results

${record.table}

## Budgets (issue 12)

${markdownTable(['budget', 'measured', 'verdict'], formatBudgets(record.budgets))}

Budgets of issue 12 this bench does not measure: queries per request constant as the workspace
grows (an API test), Plan and Execute render and paint times, Lighthouse scores. The web's
initial JavaScript (≤ 120 kB gzip) is checked by \`npm test\` after the build
(\`apps/web/scripts/check-bundle-size.ts\`, decision 016).

${keptNotes || `${NOTES_MARKER}\n`}`;
}

/** Rewrites the doc from this run, keeping the notes people wrote under the marker. */
export function writeDoc(file: string, record: RunRecord): void {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const at = existing.indexOf(NOTES_MARKER);
  fs.writeFileSync(file, renderDoc(record, at >= 0 ? existing.slice(at) : ''));
}
