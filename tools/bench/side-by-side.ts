import { checkPostgresBudgets, inTableOrder, type BudgetCheck } from './budgets.ts';
import {
  formatFailures,
  formatMs,
  formatRate,
  hasErrors,
  markdownTable,
  type Row,
} from './report.ts';

/** What a run on PostgreSQL adds: the same scenarios on SQLite, and issue 34's budgets. */
export interface SideBySide {
  table: string;
  budgets: BudgetCheck[];
}

/**
 * Issue 34 item 4: once the PostgreSQL server is stopped (so the two never share the CPU), the
 * same scenarios against a production server on a fresh SQLite data dir, and the two compared.
 */
export async function compareWithSqlite(deps: {
  postgresRows: readonly Row[];
  stopPostgresServer: () => Promise<void>;
  /** Starts and seeds a SQLite server, runs the run's scenarios on it, stops it. */
  measureOnSqlite: () => Promise<Row[]>;
  log: (line: string) => void;
}): Promise<SideBySide> {
  await deps.stopPostgresServer();
  deps.log('the same scenarios on SQLite, to set beside PostgreSQL');
  const sqliteRows = await deps.measureOnSqlite();
  return {
    table: formatSideBySide(sqliteRows, deps.postgresRows),
    budgets: checkPostgresBudgets(deps.postgresRows, sqliteRows),
  };
}

function cell(row: Row | undefined): string {
  if (!row) return 'not run';
  const { result } = row;
  if (hasErrors(result)) return formatFailures(result);
  return `${formatRate(result.requestsPerSecond)} (p99 ${formatMs(result.p99)})`;
}

/** One line per scenario PostgreSQL ran (ceilings left out), in the results table's order. */
export function formatSideBySide(sqlite: readonly Row[], postgres: readonly Row[]): string {
  const onSqlite = new Map(sqlite.map((row) => [row.id, row]));
  const lines = inTableOrder(postgres.filter((row) => row.kind !== 'ceiling')).map((row) => {
    const base = onSqlite.get(row.id);
    const ratio =
      base && base.result.requestsPerSecond > 0
        ? `${(row.result.requestsPerSecond / base.result.requestsPerSecond).toFixed(2)} ×`
        : '—';
    return [row.title, cell(base), cell(row), ratio];
  });
  return markdownTable(
    ['scenario', 'SQLite req/s (p99)', 'PostgreSQL req/s (p99)', 'PostgreSQL ÷ SQLite'],
    lines,
  );
}
