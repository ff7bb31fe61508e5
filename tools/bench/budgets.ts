import {
  formatBytes,
  formatFailures,
  formatMs,
  formatPercent,
  formatRate,
  hasErrors,
  percentOf,
  type Ceilings,
  type Row,
} from './report.ts';
import {
  formatLighthouseScore,
  LIGHTHOUSE_PRESETS,
  median,
  WEB_SCREENS,
  WEB_TIMING,
  worst,
  type WebResults,
  type WebTimingId,
} from './web/web-results.ts';

/** Row ids the budgets look up; scenarios.ts gives its rows these ids. */
export const ROW = {
  bare: 'bare',
  smallRead: 'small-read',
  workspace500: 'workspace-500',
  conditionalRead: 'conditional-read',
  projectTasks: 'project-tasks',
  createTask: 'create-task',
  planIdle: 'plan-idle',
  completeRevert: 'complete-revert',
  reorder: 'reorder',
  mixed: 'mixed',
  workspaceAt: (tasks: number) => `scale-workspace-${tasks}`,
  executeAt: (tasks: number) => `scale-execute-${tasks}`,
  isolationHeavy: 'isolation-heavy',
  isolationSmall: 'isolation-small',
  search: 'search-50000',
} as const;

/** Issue 31 item 6: the search is measured over an account of this many tasks. */
export const SEARCH_ROW_TASKS = 50_000;

export const WRITE_ROWS = [ROW.createTask, ROW.planIdle, ROW.completeRevert, ROW.reorder];

/** issue 12: an answer is bounded by what the screens show, whatever the account holds. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export interface BudgetCheck {
  budget: string;
  measured: string;
  /** null: not measured by this run. */
  met: boolean | null;
}

interface Condition {
  label: string;
  holds: boolean;
}

function verdict(row: Row | undefined, budget: string, conditions: (row: Row) => Condition[]) {
  if (!row) return { budget, measured: 'not run', met: null };
  const checks = conditions(row);
  const errors = hasErrors(row.result) ? [formatFailures(row.result).replaceAll('**', '')] : [];
  return {
    budget,
    measured: [...checks.map((check) => check.label), ...errors].join(', '),
    met: errors.length === 0 && checks.every((check) => check.holds),
  };
}

const atMost = (name: string, value: number, limit: number): Condition => ({
  label: `${name} ${formatMs(value)}`,
  holds: value <= limit,
});

const atLeastPercent = (name: string, percent: number | null, limit: number): Condition => ({
  label: `${formatPercent(percent)} of ${name}`,
  holds: percent !== null && percent >= limit,
});

/** The budgets of issue 12 that this bench measures, each met or not in this run. */
export function checkBudgets(
  rows: readonly Row[],
  ceilings: Ceilings,
  largestTasks: number,
): BudgetCheck[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ofBare = (row: Row) =>
    percentOf(row.result.requestsPerSecond, ceilings.bareRequestsPerSecond);
  const largest = integerText(largestTasks);

  const checks: BudgetCheck[] = [
    verdict(
      byId.get(ROW.smallRead),
      'Authenticated small read ≥ 50 % of bare, p99 ≤ 10 ms',
      (row) => [atLeastPercent('bare', ofBare(row), 50), atMost('p99', row.result.p99, 10)],
    ),
    ...WRITE_ROWS.map((id) => {
      const row = byId.get(id);
      return verdict(
        row,
        `${row?.title ?? id}: ≥ 25 % of bare, ≥ 40 % of the commit ceiling, p99 ≤ 25 ms`,
        (found) => [
          atLeastPercent('bare', ofBare(found), 25),
          atLeastPercent(
            'commits',
            percentOf(found.result.requestsPerSecond, ceilings.commitsPerSecond),
            40,
          ),
          atMost('p99', found.result.p99, 25),
        ],
      );
    }),
    verdict(
      byId.get(ROW.workspace500),
      'Workspace read at 500 tasks ≥ 2,000 req/s, p99 ≤ 50 ms',
      (row) => [
        {
          label: `${formatRate(row.result.requestsPerSecond)} req/s`,
          holds: row.result.requestsPerSecond >= 2000,
        },
        atMost('p99', row.result.p99, 50),
      ],
    ),
    verdict(
      byId.get(ROW.conditionalRead),
      'Conditional read: If-None-Match on an unchanged workspace answers 304',
      (row) => [
        {
          label: `${formatRate(row.result.requestsPerSecond)} × 304/s, p99 ${formatMs(row.result.p99)}`,
          holds: row.result.requestsPerSecond > 0,
        },
      ],
    ),
    verdict(
      byId.get(ROW.workspaceAt(10_000)),
      'Workspace read at 10,000 tasks: p50 ≤ 30 ms, p99 ≤ 100 ms',
      (row) => [atMost('p50', row.result.p50, 30), atMost('p99', row.result.p99, 100)],
    ),
    answerBudget(rows, largest),
    verdict(
      byId.get(ROW.search),
      'Search at 50,000 tasks (name, notes, checklist): p99 ≤ 50 ms, one request at a time',
      (row) => [atMost('p99', row.result.p99, 50)],
    ),
    verdict(
      byId.get(ROW.isolationSmall),
      `Isolation: another user's small read p99 ≤ 50 ms while 5 clients read ${largest} tasks`,
      (row) => [atMost('p99', row.result.p99, 50)],
    ),
  ];
  return checks;
}

/** Issue 34 item 4: PostgreSQL's budgets, against SQLite measured in the same run. */
export const POSTGRES_BUDGETS = {
  percentOfSqlite: 50,
  readP99Ms: 50,
  writeRequestsPerSecond: 2_000,
  writeP99Ms: 50,
} as const;

/**
 * The PostgreSQL budgets of issue 34, from the rows of one run on each database. A ratio is
 * judged only when both rows ran, and not met when SQLite's row had errors (its figure would
 * flatter PostgreSQL).
 */
export function checkPostgresBudgets(
  postgres: readonly Row[],
  sqlite: readonly Row[],
): BudgetCheck[] {
  const onPostgres = new Map(postgres.map((row) => [row.id, row]));
  const onSqlite = new Map(sqlite.map((row) => [row.id, row]));
  const { percentOfSqlite, readP99Ms, writeRequestsPerSecond, writeP99Ms } = POSTGRES_BUDGETS;
  const ratio = (id: string, budget: string, extra: (row: Row) => Condition[] = () => []) => {
    const base = onSqlite.get(id);
    if (!base) return { budget, measured: 'not run on SQLite', met: null };
    return verdict(onPostgres.get(id), budget, (row) => [
      ofSqlite(row, base, percentOfSqlite),
      ...extra(row),
    ]);
  };
  return [
    ratio(ROW.smallRead, `PostgreSQL: authenticated small read ≥ ${percentOfSqlite} % of SQLite's`),
    ratio(
      ROW.workspace500,
      `PostgreSQL: workspace read at 500 tasks ≥ ${percentOfSqlite} % of SQLite's, p99 ≤ ${readP99Ms} ms`,
      (row) => [atMost('p99', row.result.p99, readP99Ms)],
    ),
    ...WRITE_ROWS.map((id) => {
      const row = onPostgres.get(id);
      return verdict(
        row,
        `PostgreSQL: ${row?.title ?? id} ≥ ${integerText(writeRequestsPerSecond)} req/s, p99 ≤ ${writeP99Ms} ms`,
        (found) => [
          requestsAtLeast(found, writeRequestsPerSecond),
          atMost('p99', found.result.p99, writeP99Ms),
        ],
      );
    }),
    verdict(onPostgres.get(ROW.mixed), 'PostgreSQL: no error under the mixed load', (row) => [
      { label: `${formatRate(row.result.requestsPerSecond)} req/s`, holds: true },
    ]),
  ];
}

const requestsAtLeast = (row: Row, limit: number): Condition => ({
  label: `${formatRate(row.result.requestsPerSecond)} req/s`,
  holds: row.result.requestsPerSecond >= limit,
});

function ofSqlite(row: Row, sqlite: Row, limit: number): Condition {
  const percent = percentOf(row.result.requestsPerSecond, sqlite.result.requestsPerSecond);
  const sqliteFailed = hasErrors(sqlite.result);
  const against = sqliteFailed
    ? `SQLite's ${formatRate(sqlite.result.requestsPerSecond)} req/s, which had ${formatFailures(sqlite.result).replaceAll('**', '')}`
    : `SQLite's ${formatRate(sqlite.result.requestsPerSecond)} req/s`;
  return {
    label: `${formatRate(row.result.requestsPerSecond)} req/s, ${formatPercent(percent)} of ${against}`,
    holds: !sqliteFailed && percent !== null && percent >= limit,
  };
}

function answerBudget(rows: readonly Row[], largest: string): BudgetCheck {
  const sized = rows.filter((row) => row.answerBytes !== undefined);
  const budget = `Workspace answer ≤ 1 MiB whatever the account holds (up to ${largest} tasks here)`;
  if (sized.length === 0) return { budget, measured: 'not run', met: null };
  const biggest = sized.reduce((a, b) => ((a.answerBytes ?? 0) >= (b.answerBytes ?? 0) ? a : b));
  const bytes = biggest.answerBytes ?? 0;
  return {
    budget,
    measured: `largest ${formatBytes(bytes)} (${biggest.title})`,
    met: bytes <= MAX_ANSWER_BYTES,
  };
}

function integerText(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/** issue 12's web budgets. */
export const WEB_BUDGETS = { renderMs: 300, checkPaintMs: 50, lighthouseScore: 95 } as const;

/**
 * The web budgets, judged on the median of the runs (the worst is reported beside it: on a
 * shared machine one slow run says more about the machine than the app). Any failed run fails
 * the budget; a phase that did not run leaves every web budget "not measured".
 */
export function checkWebBudgets(web: WebResults): BudgetCheck[] {
  const notMeasured = (budget: string): BudgetCheck => ({
    budget,
    measured: web.notRun ? `not measured: ${web.notRun}` : 'not run',
    met: null,
  });
  const timing = (id: WebTimingId, budget: string, limitMs: number): BudgetCheck => {
    const found = web.timings.find((candidate) => candidate.id === id);
    if (web.notRun || !found) return notMeasured(budget);
    const runs = found.samplesMs.length + found.failures.length;
    if (runs === 0) return notMeasured(budget);
    const middle = median(found.samplesMs);
    const slowest = worst(found.samplesMs);
    const measured =
      middle === null || slowest === null
        ? []
        : [`median ${formatMs(middle)}`, `worst ${formatMs(slowest)}`];
    if (found.failures.length > 0) measured.push(`${found.failures.length} of ${runs} runs failed`);
    return {
      budget,
      measured: measured.join(', '),
      met: found.failures.length === 0 && middle !== null && middle <= limitMs,
    };
  };
  const lighthouse = WEB_SCREENS.flatMap((path) =>
    LIGHTHOUSE_PRESETS.map((preset): BudgetCheck => {
      const budget = `Lighthouse performance ≥ ${WEB_BUDGETS.lighthouseScore} on ${path} (${preset})`;
      const found = web.lighthouse.find((run) => run.path === path && run.preset === preset);
      if (web.notRun || !found) return notMeasured(budget);
      if (found.failure || found.score === null) {
        return { budget, measured: found.failure ?? 'no score', met: false };
      }
      const score = Math.round(found.score);
      return {
        budget,
        measured: formatLighthouseScore(found),
        met: score >= WEB_BUDGETS.lighthouseScore,
      };
    }),
  );
  return [
    timing(
      WEB_TIMING.planRender,
      `Plan with 200 projects renders in ≤ ${WEB_BUDGETS.renderMs} ms (median)`,
      WEB_BUDGETS.renderMs,
    ),
    timing(
      WEB_TIMING.executeRender,
      `Execute with 1,000 planned tasks renders in ≤ ${WEB_BUDGETS.renderMs} ms (median)`,
      WEB_BUDGETS.renderMs,
    ),
    timing(
      WEB_TIMING.upcomingRender,
      `Upcoming with 10,000 tasks renders in ≤ ${WEB_BUDGETS.renderMs} ms (median)`,
      WEB_BUDGETS.renderMs,
    ),
    timing(
      WEB_TIMING.checkPaint,
      `Checking a task paints in ≤ ${WEB_BUDGETS.checkPaintMs} ms (median)`,
      WEB_BUDGETS.checkPaintMs,
    ),
    ...lighthouse,
  ];
}

export function formatBudgets(checks: readonly BudgetCheck[]): string[][] {
  return checks.map((check) => [
    check.budget,
    check.measured,
    check.met === null ? 'not measured' : check.met ? 'met' : '**not met**',
  ]);
}

const TABLE_ORDER: string[] = [
  ROW.bare,
  ROW.smallRead,
  ROW.workspace500,
  ROW.conditionalRead,
  ROW.projectTasks,
  ROW.createTask,
  ROW.planIdle,
  ROW.completeRevert,
  ROW.reorder,
  ROW.mixed,
];

/** The order; rows it does not name (scale curve, isolation) keep theirs, after. */
export function inTableOrder(rows: readonly Row[]): Row[] {
  const rank = (row: Row) => {
    const index = TABLE_ORDER.indexOf(row.id);
    return index === -1 ? TABLE_ORDER.length : index;
  };
  return rows
    .map((row, position) => ({ row, position }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.position - b.position)
    .map(({ row }) => row);
}
