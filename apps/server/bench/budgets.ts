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
} as const;

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
      byId.get(ROW.isolationSmall),
      `Isolation: another user's small read p99 ≤ 50 ms while 5 clients read ${largest} tasks`,
      (row) => [atMost('p99', row.result.p99, 50)],
    ),
  ];
  return checks;
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
