import fs from 'node:fs';
import { formatBudgets, type BudgetCheck } from './budgets.ts';
import type { Machine } from './machine.ts';
import type { BenchOptions } from './options.ts';
import { formatBytes, formatRate, markdownTable } from './report.ts';
import { formatWebTables, type WebResults } from './web/web-results.ts';

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
  web: WebResults;
  budgets: BudgetCheck[];
  /** On PostgreSQL: the same scenarios on SQLite beside it (side-by-side.ts). */
  sideBySide?: string;
  rss: { label: string; bytes: number | null }[];
  seeding: string;
}

const HOW_TO_RUN = `## How to run

\`\`\`sh
npm run bench            # full run (about 15 s per scenario; under ten minutes on 2 cores)
npm run bench -- --quick # about a minute, smaller scale curve; prints, leaves this file alone
npm run bench -- --quick --scale=100,1000,10000   # a quick run whose curve reaches 10,000 tasks
npm run bench -- --web-only        # only the web phase (step 5); prints, leaves this file alone
npm run bench -- --only=small-read,plan-idle   # these load scenarios alone, full length; prints
npm run bench -- --only=plan-idle --profile    # … with the server's CPU profile (node --cpu-prof)
BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench   # on PostgreSQL,
                         # then the same scenarios on SQLite, the two side by side
BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- --cluster --quick
                         # one server against three behind nginx (see "One server to three")
\`\`\`

The bench (\`tools/bench/\`) builds the app if a source is newer than the build, then:

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
5. measures the web in Debian's Chromium (\`/usr/bin/chromium\`, headless, through
   \`playwright-core\`) against the same server, which serves the built web app: it seeds an
   account with 200 projects of 5 tasks (Premium, as every new account's trial is) and one with
   1,000 open planned tasks and 50 completed, then opens each screen in a new browser context
   (empty cache and storage, the token in localStorage as the app keeps it, the offline worker
   blocked) at 1280×800, one warm-up visit and then 5 measured ones (\`--quick\`: 2), and
   has Lighthouse score both screens; this phase takes one to two minutes;
6. on PostgreSQL, stops that server and runs the same load scenarios (not the web phase)
   against a second server on a fresh SQLite data dir, so the two never share the CPU, and sets
   each scenario's figures side by side with issue 34's budgets for PostgreSQL (the load
   scenarios take twice as long);
7. prints the tables and the budgets, and (not with \`--quick\`) rewrites this file above the notes.

The web timings come from an init script that watches the page from outside the app, with
performance marks (\`tools/bench/web/in-page.ts\`):

- _render_: from the workspace answer's \`responseEnd\` (its PerformanceResourceTiming), or
  from the app's own \`hustle:app-render\` mark if that comes later (set just before its first
  render, once its scripts have run: since decision 038 the answer often arrives while they are
  still loading, which Lighthouse measures), to the first frame painted after the screen's
  items are in the DOM — project cards (\`article\`) on Plan, task rows on Execute — and no
  "Loading…" is shown. Items count once they reach the bottom of the viewport, or once all of
  them are there (200 cards): so a virtualised list, which mounts only what the viewport shows,
  and a whole one are judged alike;
- _page opened → painted_: from the navigation's start to the same painted frame, scripts,
  requests and render together; no budget, shown so that work moved out of the render window
  still shows;
- _check_: on Execute, once the page is idle, Playwright clicks the first open task's check box;
  from its \`pointerdown\` (the event's timestamp) to the first frame painted after its
  \`aria-checked\` turned true. Playwright releases the button at once, unlike a hand;
- _painted_ is when a task posted from a \`requestAnimationFrame\` callback runs: after that
  frame's style, layout and paint on the main thread. A second \`requestAnimationFrame\` would
  wait for the next frame to begin and add up to 16 ms; the Event Timing API reports nothing
  under 16 ms.

Lighthouse 12 (13 needs Node 22) scores /plan and /execute three times each (once with
\`--quick\`), and the run with the median score is reported beside every run's score (a
single run moves several points with the machine's load), with its default mobile settings
(simulated slow 4G, 4× CPU slowdown) and its desktop preset: each run gets a Chromium
of its own with a fresh profile and a \`--remote-debugging-port\`, Playwright sets the token
over that port on a page of the app's origin that does not load the app (\`/readyz\`), and
Lighthouse opens the screen with \`disableStorageReset\` so the session survives. A run that
ends anywhere but the screen it opened (signed out) fails. A run whose trace Chromium failed to
record (Lighthouse's NO_NAVSTART, "Please run Lighthouse again") is shown as failed and run once
more, once per screen and preset, so the median still comes of three scores. Without
Chromium, or if the phase itself breaks off, it says why and its budgets read "not measured";
the load figures before it are kept.

Settings that differ from a default \`npm start\`, and why: \`LOG_LEVEL=warn\` (the bench measures
the app, not a per-request log line to a file), \`API_RATE_LIMIT_PER_MINUTE\` and
\`AUTH_IP_CODE_REQUESTS_PER_10_MIN\` raised (every request comes from 127.0.0.1; the flood guard
still runs on every request), \`SMTP_URL\` pointing at the local catcher, and
\`SANDBOX_CHECKOUT_IN_PRODUCTION=true\` (production will not start without a payment provider;
no scenario pays, and the server listens on loopback only).

Load figures: req/s counts the answers a scenario expects (2xx; 304 for the conditional read); p50
and p99 are latencies of all answers as the load generator saw them; "% of bare" divides by
the hello server's req/s; "% of commit ceiling" divides a write's req/s by the commit rate;
"server CPU / answer" is the server process's CPU time (user and system, every thread) over the
measured run divided by its answers, which moves less with the machine's other work than req/s
does (rows measured side by side leave it out). A row with any other status or a connection
error (a timeout after 10 s included) shows it in bold, and fails its budget. Nothing here is
asserted by a test: the machine is shared, so figures move with whatever else runs on it.
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

function webSection(web: WebResults): string {
  const about = web.notRun
    ? ''
    : `${web.browser}, 1280×800, ${web.runs} measured runs after a warm-up; seeded ${web.seeding}; ` +
      `the phase took ${web.seconds.toFixed(0)} s.\n\n`;
  return `### Web\n\n${about}${formatWebTables(web)}`;
}

function sideBySideSection(table: string | undefined): string {
  if (!table) return '';
  return `
## PostgreSQL beside SQLite

The same scenarios on SQLite, measured after PostgreSQL in the same run with the PostgreSQL
server stopped: req/s of the expected answers, p99 in brackets.

${table}
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

${webSection(record.web)}
${sideBySideSection(record.sideBySide)}
## Budgets (issue 12${record.sideBySide ? '; issue 34 for PostgreSQL' : ''})

${markdownTable(['budget', 'measured', 'verdict'], formatBudgets(record.budgets))}

Web budgets are judged on the median of the runs; the worst is shown beside it. Budgets of
issue 12 this bench does not measure: queries per request constant as the workspace grows (an
API test). The web's initial JavaScript (≤ 120 kB gzip) is checked by \`npm test\` after the build
(\`apps/web/scripts/check-bundle-size.ts\`, decision 016).

${keptNotes || `${NOTES_MARKER}\n`}`;
}

/** Rewrites the doc from this run, keeping the notes people wrote under the marker. */
export function writeDoc(file: string, record: RunRecord): void {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const at = existing.indexOf(NOTES_MARKER);
  fs.writeFileSync(file, renderDoc(record, at >= 0 ? existing.slice(at) : ''));
}
