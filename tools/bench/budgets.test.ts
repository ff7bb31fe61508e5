import { describe, expect, it } from 'vitest';
import {
  checkBudgets,
  checkPostgresBudgets,
  checkWebBudgets,
  formatBudgets,
  inTableOrder,
  ROW,
  WRITE_ROWS,
} from './budgets.ts';
import type { LoadResult } from './load-spec.ts';
import type { Row } from './report.ts';
import {
  WEB_TIMING,
  type LighthousePreset,
  type WebResults,
  type WebTiming,
  type WebTimingId,
} from './web/web-results.ts';

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

describe('budgets of PostgreSQL beside SQLite (issue 34)', () => {
  const postgresVerdict = (postgres: Row[], sqlite: Row[], start: string) =>
    checkPostgresBudgets(postgres, sqlite).find((check) =>
      check.budget.startsWith(`PostgreSQL: ${start}`),
    );

  it("meets a read's budget at half of SQLite's figure, not below it", () => {
    const sqlite = [row(ROW.smallRead, { requestsPerSecond: 10_000 })];
    const half = [row(ROW.smallRead, { requestsPerSecond: 5_000 })];
    expect(postgresVerdict(half, sqlite, 'authenticated small read')).toMatchObject({
      met: true,
      measured: "5,000 req/s, 50 % of SQLite's 10,000 req/s",
    });
    const less = [row(ROW.smallRead, { requestsPerSecond: 4_900 })];
    expect(postgresVerdict(less, sqlite, 'authenticated small read')?.met).toBe(false);
  });

  it('needs the workspace read within 50 ms at p99 as well as half of SQLite', () => {
    const sqlite = [row(ROW.workspace500, { requestsPerSecond: 4_000 })];
    const slow = [row(ROW.workspace500, { requestsPerSecond: 3_000, p99: 51 })];
    expect(postgresVerdict(slow, sqlite, 'workspace read at 500 tasks')).toMatchObject({
      met: false,
      measured: "3,000 req/s, 75 % of SQLite's 4,000 req/s, p99 51 ms",
    });
  });

  it('does not judge a ratio against a SQLite row that had errors, or one that did not run', () => {
    const postgres = [row(ROW.smallRead, { requestsPerSecond: 9_000 })];
    const failed = [row(ROW.smallRead, { requestsPerSecond: 10_000, errors: 3 })];
    expect(postgresVerdict(postgres, failed, 'authenticated small read')).toMatchObject({
      met: false,
      measured: "9,000 req/s, 90 % of SQLite's 10,000 req/s, which had 3 errors",
    });
    expect(postgresVerdict(postgres, [], 'authenticated small read')).toMatchObject({
      met: null,
      measured: 'not run on SQLite',
    });
  });

  it('needs each write at 2,000 req/s with p99 within 50 ms, whatever SQLite did', () => {
    const checks = checkPostgresBudgets(
      [
        row(ROW.createTask, { requestsPerSecond: 2_000, p99: 50 }),
        row(ROW.reorder, { requestsPerSecond: 1_999, p99: 20 }),
        row(ROW.planIdle, { requestsPerSecond: 3_000, p99: 60 }),
      ],
      [],
    );
    const of = (id: string) =>
      checks.find((check) => check.budget === `PostgreSQL: ${id} ≥ 2,000 req/s, p99 ≤ 50 ms`);
    expect(of(ROW.createTask)).toMatchObject({ met: true, measured: '2,000 req/s, p99 50 ms' });
    expect(of(ROW.reorder)?.met).toBe(false);
    expect(of(ROW.planIdle)?.met).toBe(false);
    expect(of(ROW.completeRevert)).toMatchObject({ met: null, measured: 'not run' });
  });

  it('fails the mixed load on any error', () => {
    const clean = [row(ROW.mixed, { requestsPerSecond: 1_200 })];
    expect(postgresVerdict(clean, [], 'no error')).toMatchObject({
      met: true,
      measured: '1,200 req/s',
    });
    const failing = [row(ROW.mixed, { unexpected: 2 })];
    expect(postgresVerdict(failing, [], 'no error')).toMatchObject({
      met: false,
      measured: '100 req/s, 2 non-2xx',
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

describe('web budgets of issue 12', () => {
  const timing = (id: WebTimingId, samplesMs: number[], failures: string[] = []): WebTiming => ({
    id,
    title: id,
    samplesMs,
    failures,
  });
  const lighthouse = (path: string, preset: LighthousePreset, score: number | null) => ({
    path,
    preset,
    score,
    fcpMs: 800,
    lcpMs: 1_200,
    tbtMs: 40,
    cls: 0,
  });
  const web = (overrides: Partial<WebResults>): WebResults => ({
    browser: 'Chromium',
    runs: 5,
    seeding: 'two accounts',
    timings: [],
    lighthouse: [],
    seconds: 60,
    ...overrides,
  });
  const webVerdict = (results: WebResults, start: string) =>
    checkWebBudgets(results).find((check) => check.budget.startsWith(start));

  it('judges a render on the median of its runs and shows the worst beside it', () => {
    const results = web({
      timings: [timing(WEB_TIMING.planRender, [250, 240, 900, 260, 280])],
    });
    expect(webVerdict(results, 'Plan with 200 projects')).toMatchObject({
      met: true,
      measured: 'median 260 ms, worst 900 ms',
    });
    const slow = web({ timings: [timing(WEB_TIMING.executeRender, [310, 320, 290])] });
    expect(webVerdict(slow, 'Execute with 1,000')?.met).toBe(false);
    const upcoming = web({ timings: [timing(WEB_TIMING.upcomingRender, [120, 140, 130])] });
    expect(webVerdict(upcoming, 'Upcoming with 10,000 tasks')).toMatchObject({
      met: true,
      measured: 'median 130 ms, worst 140 ms',
    });
  });

  it('fails a timing any of whose runs failed, however fast the others were', () => {
    const results = web({
      timings: [timing(WEB_TIMING.checkPaint, [10, 12], ['check not painted within 10 s'])],
    });
    expect(webVerdict(results, 'Checking a task')).toMatchObject({
      met: false,
      measured: 'median 11 ms, worst 12 ms, 1 of 3 runs failed',
    });
  });

  it('fails a timing whose every run failed, with no figure to show', () => {
    const results = web({
      timings: [timing(WEB_TIMING.planRender, [], ['not shown', 'not shown'])],
    });
    expect(webVerdict(results, 'Plan with')).toMatchObject({
      met: false,
      measured: '2 of 2 runs failed',
    });
  });

  it('needs a Lighthouse score of 95 on each screen and preset', () => {
    const results = web({
      lighthouse: [lighthouse('/plan', 'mobile', 94), lighthouse('/plan', 'desktop', 95)],
    });
    expect(webVerdict(results, 'Lighthouse performance ≥ 95 on /plan (mobile)')).toMatchObject({
      met: false,
      measured: '94',
    });
    expect(webVerdict(results, 'Lighthouse performance ≥ 95 on /plan (desktop)')?.met).toBe(true);
    expect(webVerdict(results, 'Lighthouse performance ≥ 95 on /execute (mobile)')).toMatchObject({
      met: null,
      measured: 'not run',
    });
  });

  it('fails a Lighthouse run that gave no score of the screen, with its reason', () => {
    const signedOut = { ...lighthouse('/execute', 'desktop', null), failure: 'ended on /welcome' };
    expect(
      webVerdict(
        web({ lighthouse: [signedOut] }),
        'Lighthouse performance ≥ 95 on /execute (desktop)',
      ),
    ).toMatchObject({ met: false, measured: 'ended on /welcome' });
  });

  it('marks every web budget not measured, never met, when the phase could not run', () => {
    const checks = checkWebBudgets(web({ notRun: 'no Chromium at /usr/bin/chromium' }));
    expect(checks).toHaveLength(8);
    for (const check of checks) {
      expect(check).toMatchObject({
        met: null,
        measured: 'not measured: no Chromium at /usr/bin/chromium',
      });
    }
    expect(formatBudgets(checks).map(([, , verdict]) => verdict)).toEqual(
      Array(8).fill('not measured'),
    );
  });
});
