import type { LoadResult } from './load-spec.ts';

export type RowKind = 'ceiling' | 'read' | 'write';

export interface Row {
  id: string;
  title: string;
  kind: RowKind;
  result: LoadResult;
  /** Size of one answer body, for reads whose size grows with the account. */
  answerBytes?: number;
  /**
   * The server process's CPU time (user and system, all its threads) over the measured run,
   * divided by the answers: what one request costs the machine, whatever else ran beside it.
   */
  serverCpuMicros?: number;
  /** The same for the database's processes serving these servers (PostgreSQL's backends). */
  databaseCpuMicros?: number;
}

export interface Ceilings {
  /** req/s of the bare node:http server under the same load. */
  bareRequestsPerSecond: number;
  /** Single-row insert commits per second of the database the app runs on. */
  commitsPerSecond: number;
}

/** value as a percentage of whole; null when there is no whole to compare with. */
export function percentOf(value: number, whole: number): number | null {
  return whole > 0 && Number.isFinite(whole) ? (value / whole) * 100 : null;
}

/** Wrong answers, connection errors, or no answer at all before the run ended. */
export const hasErrors = (result: LoadResult): boolean =>
  result.unexpected > 0 || result.errors > 0 || result.requests === 0;

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatRate(perSecond: number): string {
  return integer.format(perSecond);
}

/** The load generator's histogram counts whole milliseconds, so 0 means under one. */
export function formatMs(ms: number): string {
  return ms < 1 ? '< 1 ms' : `${integer.format(ms)} ms`;
}

export function formatPercent(percent: number | null): string {
  if (percent === null) return '—';
  return percent < 10 ? `${percent.toFixed(1)} %` : `${integer.format(percent)} %`;
}

export function formatMicros(micros: number): string {
  return `${integer.format(micros)} µs`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

/** The failures of a row, loud enough that a table with errors cannot be mistaken for clean. */
export function formatFailures(result: LoadResult): string {
  if (!hasErrors(result)) return '0';
  const parts = result.requests === 0 ? [`no answer in ${result.seconds.toFixed(0)} s`] : [];
  if (result.unexpected > 0) {
    parts.push(`${integer.format(result.unexpected)} non-${result.expected}`);
  }
  if (result.errors > 0) parts.push(`${integer.format(result.errors)} errors`);
  return `**${parts.join(', ')}**`;
}

/** One Markdown table: it reads in a terminal and renders in docs/performance.md. */
export function formatTable(rows: readonly Row[], ceilings: Ceilings): string {
  const header = [
    'scenario',
    'req/s',
    'p50',
    'p99',
    '% of bare',
    '% of commit ceiling',
    'other status / errors',
    'answer',
    'server CPU / answer',
  ];
  const lines = rows.map((row) => {
    const { result } = row;
    return [
      row.title,
      formatRate(result.requestsPerSecond),
      result.requests === 0 ? '—' : formatMs(result.p50),
      result.requests === 0 ? '—' : formatMs(result.p99),
      formatPercent(percentOf(result.requestsPerSecond, ceilings.bareRequestsPerSecond)),
      row.kind === 'write'
        ? formatPercent(percentOf(result.requestsPerSecond, ceilings.commitsPerSecond))
        : '—',
      formatFailures(result),
      row.answerBytes === undefined ? '—' : formatBytes(row.answerBytes),
      row.serverCpuMicros === undefined ? '—' : formatMicros(row.serverCpuMicros),
    ];
  });
  return markdownTable(header, lines);
}

export function markdownTable(header: readonly string[], lines: readonly string[][]): string {
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [row(header), row(header.map(() => '---')), ...lines.map(row)].join('\n');
}
