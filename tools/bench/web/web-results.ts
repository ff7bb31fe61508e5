import { formatMs, markdownTable } from '../report.ts';

/** What the web phase measures in the browser; budgets.ts looks the timings up by these ids. */
export const WEB_TIMING = {
  planRender: 'plan-render',
  executeRender: 'execute-render',
  planShown: 'plan-shown',
  executeShown: 'execute-shown',
  upcomingRender: 'upcoming-render',
  upcomingShown: 'upcoming-shown',
  checkPaint: 'check-paint',
} as const;

export type WebTimingId = (typeof WEB_TIMING)[keyof typeof WEB_TIMING];

export interface WebTiming {
  id: WebTimingId;
  title: string;
  /** One figure per measured run, in milliseconds. */
  samplesMs: number[];
  /** Why a run gave no figure (a timeout, a page that never showed its list), one per run. */
  failures: string[];
}

/** The screens issue 12 scores with Lighthouse. */
export const WEB_SCREENS = ['/plan', '/execute'] as const;

export const LIGHTHOUSE_PRESETS = ['mobile', 'desktop'] as const;
export type LighthousePreset = (typeof LIGHTHOUSE_PRESETS)[number];

export interface LighthouseScore {
  path: string;
  preset: LighthousePreset;
  /** The performance category, 0–100; null when the run gave none. */
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Why the run gave no score (or a score of the wrong page). */
  failure?: string;
  /** With several runs (`medianRun`): every run's score, in run order, and why others gave none. */
  runScores?: number[];
  failedRuns?: string[];
}

/**
 * Of several Lighthouse runs of one screen and preset, the one with the median score (the
 * lower of the two middle ones for an even count), carrying every run's score: a single run
 * moves several points with the machine's load, and Lighthouse's own advice is the median of
 * several. With no scored run, the first failure.
 */
export function medianRun(runs: readonly LighthouseScore[]): LighthouseScore {
  const scored = runs.filter((run) => run.score !== null && !run.failure);
  const failedRuns = runs.filter((run) => !scored.includes(run)).map((run) => run.failure ?? '—');
  const byScore = [...scored].sort((a, b) => a.score! - b.score!);
  const chosen = byScore[Math.floor((byScore.length - 1) / 2)] ?? runs[0];
  if (!chosen) throw new Error('medianRun needs at least one run');
  return { ...chosen, runScores: scored.map((run) => run.score!), failedRuns };
}

/**
 * Lighthouse's words when Chromium's trace of the load came out broken (NO_NAVSTART,
 * NO_FCP and kin): a fault of the recording, not of the page.
 */
const RECORDING_FAULT = 'Please run Lighthouse again';

/**
 * `count` runs of one screen and preset, and one more if a run's trace could not be read, as
 * Lighthouse asks: the failed run is kept (the table shows it), and the median still comes of
 * `count` scores. A page that fails (signed out, no paint) gets no second chance.
 */
export async function lighthouseRuns(
  count: number,
  runOnce: () => Promise<LighthouseScore>,
): Promise<LighthouseScore[]> {
  const runs: LighthouseScore[] = [];
  let isRetried = false;
  while (runs.length < count + (isRetried ? 1 : 0)) {
    const run = await runOnce();
    runs.push(run);
    if (!isRetried && run.failure?.includes(RECORDING_FAULT)) isRetried = true;
  }
  return runs;
}

export interface WebResults {
  /** Set when the phase did not run at all (no Chromium): every web budget is "not measured". */
  notRun?: string;
  /** The browser that ran, as it names itself. */
  browser: string;
  /** Measured runs per timing, after one warm-up run per screen whose figures are dropped. */
  runs: number;
  /** The accounts the phase seeded. */
  seeding: string;
  timings: WebTiming[];
  lighthouse: LighthouseScore[];
  seconds: number;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function worst(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.max(...values);
}

const optionalMs = (ms: number | null) => (ms === null ? '—' : formatMs(ms));

/** Failed runs in bold, as the load table shows a row's errors: never mistaken for clean. */
export function formatWebFailures(failures: readonly string[]): string {
  if (failures.length === 0) return '0';
  const reasons = [...new Set(failures)].join('; ');
  return `**${failures.length} (${reasons})**`;
}

export function formatLighthouseScore(result: LighthouseScore): string {
  if (result.failure) return `**${result.failure}**`;
  if (result.score === null) return '—';
  const score = String(Math.round(result.score));
  const scores = result.runScores ?? [];
  const failed = result.failedRuns ?? [];
  if (scores.length + failed.length <= 1) return score;
  const runs = scores.map((each) => String(Math.round(each)));
  const failures =
    failed.length > 0 ? `; **${formatWebFailures(failed).replaceAll('**', '')} failed**` : '';
  return `${score} (median of ${runs.join(', ')}${failures})`;
}

/** The browser timings and the Lighthouse runs, as two Markdown tables. */
export function formatWebTables(web: WebResults): string {
  if (web.notRun) return `Web phase not run: ${web.notRun}.`;
  const timings = markdownTable(
    ['browser timing', 'runs', 'median', 'worst', 'failed runs'],
    web.timings.map((timing) => [
      timing.title,
      String(timing.samplesMs.length + timing.failures.length),
      optionalMs(median(timing.samplesMs)),
      optionalMs(worst(timing.samplesMs)),
      formatWebFailures(timing.failures),
    ]),
  );
  const lighthouse = markdownTable(
    ['Lighthouse', 'preset', 'performance', 'FCP', 'LCP', 'TBT', 'CLS'],
    web.lighthouse.map((result) => [
      result.path,
      result.preset,
      formatLighthouseScore(result),
      optionalMs(result.fcpMs),
      optionalMs(result.lcpMs),
      optionalMs(result.tbtMs),
      result.cls === null ? '—' : result.cls.toFixed(3),
    ]),
  );
  return `${timings}\n\n${lighthouse}`;
}
