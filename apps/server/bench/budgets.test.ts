import { describe, expect, it } from 'vitest';
import { checkBudgets, inTableOrder, ROW, WRITE_ROWS } from './budgets.ts';
import type { LoadResult } from './load-spec.ts';
import type { Row } from './report.ts';

const result = (overrides: Partial<LoadResult>): LoadResult => ({
  requests: 1000,
  seconds: 10,
  expected: '2xx',
  requestsPerSecond: 100,
  p50: 1,
  p99: 5,
  unexpected: 0,
  errors: 0,
  ...overrides,
});

const row = (id: string, overrides: Partial<LoadResult>, answerBytes?: number): Row => ({
  id,
  title: id,
  kind: (WRITE_ROWS as readonly string[]).includes(id) ? 'write' : 'read',
  result: result(overrides),
  ...(answerBytes === undefined ? {} : { answerBytes }),
});

const ceilings = { bareRequestsPerSecond: 20_000, commitsPerSecond: 4_000 };
const verdictOf = (rows: Row[], start: string) =>
  checkBudgets(rows, ceilings, 10_000).find((check) => check.budget.startsWith(start));

describe('budgets of issue 12', () => {
  it('meets the small-read budget at half of bare with a low p99', () => {
    const check = verdictOf([row(ROW.smallRead, { requestsPerSecond: 10_000, p99: 9 })], 'Auth');
    expect(check).toMatchObject({ met: true, measured: '50 % of bare, p99 9 ms' });
  });

  it('fails a write below 40 % of the commit ceiling even when fast enough otherwise', () => {
    const check = verdictOf([row(ROW.reorder, { requestsPerSecond: 5_000 })], ROW.reorder);
    expect(check?.met).toBe(true);
    const slow = verdictOf([row(ROW.reorder, { requestsPerSecond: 1_500 })], ROW.reorder);
    expect(slow).toMatchObject({
      met: false,
      measured: expect.stringContaining('38 % of commits'),
    });
  });

  it('fails any budget whose row had errors, whatever its speed', () => {
    const check = verdictOf(
      [row(ROW.workspace500, { requestsPerSecond: 3_000, p99: 20, unexpected: 1 })],
      'Workspace read at 500',
    );
    expect(check).toMatchObject({ met: false, measured: expect.stringContaining('1 non-2xx') });
  });

  it('meets the conditional-read budget only when every answer was the expected 304', () => {
    const clean = row(ROW.conditionalRead, { expected: '304', requestsPerSecond: 8_000 });
    expect(verdictOf([clean], 'Conditional read')?.met).toBe(true);
    const rebuilt = row(ROW.conditionalRead, { expected: '304', unexpected: 40 });
    expect(verdictOf([rebuilt], 'Conditional read')).toMatchObject({
      met: false,
      measured: expect.stringContaining('40 non-304'),
    });
  });

  it('reports a budget whose scenario did not run as not measured', () => {
    expect(verdictOf([], 'Workspace read at 10,000')).toMatchObject({ met: null });
  });

  it('bounds the largest workspace answer by 1 MiB', () => {
    const rows = [
      row(ROW.workspaceAt(100), {}, 40_000),
      row(ROW.executeAt(10_000), {}, 3 * 1024 * 1024),
    ];
    expect(verdictOf(rows, 'Workspace answer')).toMatchObject({
      met: false,
      measured: `largest 3.00 MiB (${ROW.executeAt(10_000)})`,
    });
  });
});

describe('table order', () => {
  it("follows the issue's list and keeps the rest in run order after it", () => {
    const ids = [ROW.mixed, ROW.workspaceAt(100), ROW.createTask, ROW.bare, ROW.isolationSmall];
    const ordered = inTableOrder(ids.map((id) => row(id, {}))).map((r) => r.id);
    expect(ordered).toEqual([
      ROW.bare,
      ROW.createTask,
      ROW.mixed,
      ROW.workspaceAt(100),
      ROW.isolationSmall,
    ]);
  });
});
