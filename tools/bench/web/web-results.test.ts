import { describe, expect, it } from 'vitest';
import {
  formatLighthouseScore,
  lighthouseRuns,
  medianRun,
  type LighthouseScore,
  formatWebFailures,
  formatWebTables,
  median,
  WEB_TIMING,
  worst,
  type WebResults,
} from './web-results.ts';

describe('summaries of the runs', () => {
  it('takes the middle run, or the mean of the middle two', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([])).toBeNull();
  });

  it('calls the slowest run the worst', () => {
    expect(worst([12, 48, 30])).toBe(48);
    expect(worst([])).toBeNull();
  });

  it('counts failed runs loudly, each reason once', () => {
    expect(formatWebFailures([])).toBe('0');
    expect(formatWebFailures(['not shown within 30 s', 'not shown within 30 s', 'crashed'])).toBe(
      '**3 (not shown within 30 s; crashed)**',
    );
  });
});

describe('the web tables', () => {
  const results: WebResults = {
    browser: 'Chromium',
    runs: 2,
    seeding: 'two accounts',
    timings: [
      { id: WEB_TIMING.planRender, title: 'Plan render', samplesMs: [1_250.4, 980], failures: [] },
      {
        id: WEB_TIMING.checkPaint,
        title: 'check paint',
        samplesMs: [],
        failures: ['check not painted within 10 s (at /execute)'],
      },
    ],
    lighthouse: [
      {
        path: '/plan',
        preset: 'mobile',
        score: 87.4,
        fcpMs: 1_830,
        lcpMs: 3_020.6,
        tbtMs: 0,
        cls: 0.0123,
      },
      {
        path: '/execute',
        preset: 'desktop',
        score: null,
        fcpMs: null,
        lcpMs: null,
        tbtMs: null,
        cls: null,
        failure: 'ended on /welcome, not /execute',
      },
    ],
    seconds: 80,
  };
  const lines = formatWebTables(results).split('\n');

  it('gives each timing its runs, median, worst and failures', () => {
    expect(lines[0]).toBe('| browser timing | runs | median | worst | failed runs |');
    expect(lines[2]).toBe('| Plan render | 2 | 1,115 ms | 1,250 ms | 0 |');
    expect(lines[3]).toBe(
      '| check paint | 1 | — | — | **1 (check not painted within 10 s (at /execute))** |',
    );
  });

  it('gives each Lighthouse run its score and main metrics, or why it has none', () => {
    expect(lines[5]).toBe('| Lighthouse | preset | performance | FCP | LCP | TBT | CLS |');
    expect(lines[7]).toBe('| /plan | mobile | 87 | 1,830 ms | 3,021 ms | < 1 ms | 0.012 |');
    expect(lines[8]).toBe(
      '| /execute | desktop | **ended on /welcome, not /execute** | — | — | — | — |',
    );
  });

  it('says why the phase did not run instead of empty tables', () => {
    expect(formatWebTables({ ...results, notRun: 'no Chromium at /usr/bin/chromium' })).toBe(
      'Web phase not run: no Chromium at /usr/bin/chromium.',
    );
  });
});

describe('several Lighthouse runs of one screen', () => {
  const run = (score: number | null, failure?: string): LighthouseScore => ({
    path: '/plan',
    preset: 'mobile',
    score,
    fcpMs: score,
    lcpMs: null,
    tbtMs: null,
    cls: null,
    ...(failure ? { failure } : {}),
  });

  it('report the run with the median score, and every score beside it', () => {
    const chosen = medianRun([run(92), run(96), run(95)]);
    expect(chosen.score).toBe(95);
    expect(chosen.fcpMs).toBe(95);
    expect(formatLighthouseScore(chosen)).toBe('95 (median of 92, 96, 95)');
  });

  it('take the lower middle of an even count, and count a failed run as failed, not as a score', () => {
    const chosen = medianRun([run(96), run(null, 'NO_NAVSTART'), run(90), run(94), run(99)]);
    expect(chosen.score).toBe(94);
    expect(formatLighthouseScore(chosen)).toBe(
      '94 (median of 96, 90, 94, 99; **1 (NO_NAVSTART) failed**)',
    );
  });

  it('give the failure when no run scored, and a single run as it is', () => {
    expect(formatLighthouseScore(medianRun([run(null, 'NO_NAVSTART')]))).toBe('**NO_NAVSTART**');
    expect(formatLighthouseScore(medianRun([run(88)]))).toBe('88');
  });

  const NO_NAVSTART =
    'Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)';
  /** Runs that answer these in turn, and how many were asked for. */
  function runsAnswering(...answers: LighthouseScore[]) {
    let asked = 0;
    return {
      runOnce: () => Promise.resolve(answers[asked++] ?? run(50)),
      asked: () => asked,
    };
  }

  it('run once more when a trace could not be recorded, keeping the failed run in the table', async () => {
    const runner = runsAnswering(run(95), run(null, NO_NAVSTART), run(96), run(93));
    const runs = await lighthouseRuns(3, runner.runOnce);
    expect(runner.asked()).toBe(4);
    expect(formatLighthouseScore(medianRun(runs))).toBe(
      `95 (median of 95, 96, 93; **1 (${NO_NAVSTART}) failed**)`,
    );
  });

  it('run once more at most, and not for a page that failed on its own', async () => {
    const twice = runsAnswering(run(null, NO_NAVSTART), run(null, NO_NAVSTART), run(90));
    expect(await lighthouseRuns(1, twice.runOnce)).toHaveLength(2);
    const signedOut = runsAnswering(run(null, 'ended on /welcome, not /plan'), run(94), run(95));
    expect(await lighthouseRuns(3, signedOut.runOnce)).toHaveLength(3);
    expect(signedOut.asked()).toBe(3);
  });
});
