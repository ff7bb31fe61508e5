import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load-spec.ts';
import {
  formatBytes,
  formatFailures,
  formatMs,
  formatPercent,
  formatTable,
  percentOf,
  type Row,
} from './report.ts';

const result = (overrides: Partial<LoadResult> = {}): LoadResult => ({
  requests: 1000,
  seconds: 10,
  expected: '2xx',
  requestsPerSecond: 100,
  p50: 4,
  p99: 12,
  unexpected: 0,
  errors: 0,
  ...overrides,
});

describe('percent maths', () => {
  it('gives a share of the whole in percent', () => {
    expect(percentOf(2_500, 10_000)).toBe(25);
    expect(percentOf(30_000, 20_000)).toBe(150);
  });

  it('has no share of a missing or zero ceiling', () => {
    expect(percentOf(100, 0)).toBeNull();
    expect(percentOf(100, Number.NaN)).toBeNull();
  });
});

describe('formatting', () => {
  it('writes whole milliseconds, and what is under one as such', () => {
    expect(formatMs(0)).toBe('< 1 ms');
    expect(formatMs(9)).toBe('9 ms');
    expect(formatMs(1713)).toBe('1,713 ms');
  });

  it('writes percentages and sizes people read at a glance', () => {
    expect(formatPercent(15.94)).toBe('16 %');
    expect(formatPercent(1.54)).toBe('1.5 %');
    expect(formatPercent(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(74 * 1024)).toBe('74.0 KiB');
    expect(formatBytes(6.97 * 1024 * 1024)).toBe('6.97 MiB');
  });

  it('calls a run without a single answer a failure, not a fast row', () => {
    const silent = result({ requests: 0, seconds: 10, requestsPerSecond: 0, p50: 0, p99: 0 });
    expect(formatFailures(silent)).toBe('**no answer in 10 s**');
    const [, , line] = formatTable([{ id: 'x', title: 'x', kind: 'read', result: silent }], {
      bareRequestsPerSecond: 1,
      commitsPerSecond: 1,
    }).split('\n');
    expect(line).toBe('| x | 0 | — | — | 0.0 % | — | **no answer in 10 s** | — | — |');
  });

  it('names the status a row expected when others came back', () => {
    expect(formatFailures(result({ expected: '304', unexpected: 2 }))).toBe('**2 non-304**');
  });

  it('makes failures loud and a clean row plain', () => {
    expect(formatFailures(result())).toBe('0');
    expect(formatFailures(result({ unexpected: 1200, errors: 3 }))).toBe(
      '**1,200 non-2xx, 3 errors**',
    );
  });
});

describe('the table', () => {
  const rows: Row[] = [
    { id: 'bare', title: 'bare', kind: 'ceiling', result: result({ requestsPerSecond: 20_000 }) },
    {
      id: 'read',
      title: 'workspace read',
      kind: 'read',
      result: result({ requestsPerSecond: 300 }),
      answerBytes: 2048,
      serverCpuMicros: 1234.4,
    },
    {
      id: 'write',
      title: 'create task',
      kind: 'write',
      result: result({ requestsPerSecond: 1_000, unexpected: 5 }),
    },
  ];
  const lines = formatTable(rows, {
    bareRequestsPerSecond: 20_000,
    commitsPerSecond: 2_000,
  }).split('\n');

  it('has a header, a rule and a line per row', () => {
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(
      '| scenario | req/s | p50 | p99 | % of bare | % of commit ceiling | other status / errors | answer | server CPU / answer |',
    );
  });

  it('compares writes with the commit ceiling and reads only with bare', () => {
    expect(lines[3]).toBe(
      '| workspace read | 300 | 4 ms | 12 ms | 1.5 % | — | 0 | 2.0 KiB | 1,234 µs |',
    );
    expect(lines[4]).toBe(
      '| create task | 1,000 | 4 ms | 12 ms | 5.0 % | 50 % | **5 non-2xx** | — | — |',
    );
  });
});
