import { describe, expect, it } from 'vitest';
import { ROW } from './budgets.ts';
import type { LoadResult } from './load-spec.ts';
import type { Row, RowKind } from './report.ts';
import { compareWithSqlite, formatSideBySide } from './side-by-side.ts';

const row = (id: string, kind: RowKind, overrides: Partial<LoadResult>): Row => ({
  id,
  title: `${id} title`,
  kind,
  result: {
    requests: 1000,
    seconds: 10,
    expected: '2xx',
    requestsPerSecond: 100,
    p50: 1,
    p99: 5,
    unexpected: 0,
    errors: 0,
    ...overrides,
  },
});

describe('PostgreSQL beside SQLite', () => {
  it('sets each scenario PostgreSQL ran beside SQLite, in table order, with the ratio', () => {
    const postgres = [
      row(ROW.bare, 'ceiling', { requestsPerSecond: 20_000 }),
      row(ROW.createTask, 'write', { requestsPerSecond: 350, p99: 212 }),
      row(ROW.smallRead, 'read', { requestsPerSecond: 3_000, p99: 30 }),
      row(ROW.reorder, 'write', { requestsPerSecond: 280, errors: 4 }),
    ];
    const sqlite = [
      row(ROW.smallRead, 'read', { requestsPerSecond: 12_000, p99: 9 }),
      row(ROW.createTask, 'write', { requestsPerSecond: 3_500, p99: 0 }),
    ];
    expect(formatSideBySide(sqlite, postgres).split('\n')).toEqual([
      '| scenario | SQLite req/s (p99) | PostgreSQL req/s (p99) | PostgreSQL ÷ SQLite |',
      '| --- | --- | --- | --- |',
      '| small-read title | 12,000 (p99 9 ms) | 3,000 (p99 30 ms) | 0.25 × |',
      '| create-task title | 3,500 (p99 < 1 ms) | 350 (p99 212 ms) | 0.10 × |',
      '| reorder title | not run | **4 errors** | — |',
    ]);
  });

  it('stops the PostgreSQL server before SQLite runs, and judges the budgets on both', async () => {
    const steps: string[] = [];
    const compared = await compareWithSqlite({
      postgresRows: [row(ROW.smallRead, 'read', { requestsPerSecond: 6_000 })],
      stopPostgresServer: async () => void steps.push('stop PostgreSQL'),
      measureOnSqlite: async () => {
        steps.push('SQLite');
        return [row(ROW.smallRead, 'read', { requestsPerSecond: 10_000 })];
      },
      log: () => {},
    });
    expect(steps).toEqual(['stop PostgreSQL', 'SQLite']);
    expect(compared.table).toContain('| 10,000 (p99 5 ms) | 6,000 (p99 5 ms) | 0.60 × |');
    expect(compared.budgets[0]).toMatchObject({
      met: true,
      measured: expect.stringContaining('60 %'),
    });
  });
});
