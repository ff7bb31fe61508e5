import { runLoad } from './load.ts';
import { waitUntilQuiet, type Service } from './processes.ts';
import { formatMs, formatRate } from './report.ts';
import type { Scenario } from './scenarios.ts';

/**
 * Node flags for the server under a held load: a full garbage collection on SIGUSR2, so memory
 * is compared after collection and not at the collector's whim. A flag of the bench's server
 * process only; the app itself has no such hook.
 */
export const GC_ON_SIGNAL = [
  '--expose-gc',
  '--import',
  'data:text/javascript,process.on("SIGUSR2",()=>globalThis.gc())',
];

/** Memory may end this much above where it started and still count as returned. */
const RSS_TOLERANCE = 0.1;
const SAMPLE_MS = 250;
const WARMUP_SECONDS = 15;

export interface SoakResult {
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers of another status than 2xx, and connection errors. */
  failures: number;
  rss: { before: number; peak: number; after: number };
  held: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory once the server is idle and has collected its garbage. */
async function settledRss(server: Service): Promise<number> {
  await waitUntilQuiet(server);
  process.kill(server.pid, 'SIGUSR2');
  await pause(2_000);
  const bytes = server.rss();
  if (bytes === null) throw new Error('the held load needs /proc to read the server’s memory');
  return bytes;
}

/**
 * The mixed scenario held for the run's duration after a warm-up, the server's memory sampled
 * throughout: settled before, its peak, settled after.
 */
export async function holdLoad(
  server: Service,
  scenario: Scenario,
  options: { connections: number; durationSeconds: number },
  log: (line: string) => void,
): Promise<SoakResult> {
  const spec = {
    origin: server.origin,
    connections: options.connections,
    sequences: scenario.sequences,
    warmupSeconds: 0,
  };
  log(`warming up for ${WARMUP_SECONDS} s`);
  await runLoad({ ...spec, durationSeconds: WARMUP_SECONDS });
  const before = await settledRss(server);
  log(`holding "${scenario.title}" for ${options.durationSeconds} s`);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss() ?? 0);
  }, SAMPLE_MS);
  const result = await runLoad({ ...spec, durationSeconds: options.durationSeconds }).finally(() =>
    clearInterval(sampler),
  );
  const after = await settledRss(server);
  const failures = result.unexpected + result.errors;
  return {
    seconds: result.seconds,
    requests: result.requests,
    requestsPerSecond: result.requestsPerSecond,
    p50: result.p50,
    p99: result.p99,
    failures,
    rss: { before, peak, after },
    held: failures === 0 && after <= before * (1 + RSS_TOLERANCE),
  };
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export function formatSoak(result: SoakResult): string {
  const { before, peak, after } = result.rss;
  const change = ((after / before - 1) * 100).toFixed(1);
  return [
    `held load: ${result.requests} requests in ${result.seconds} s ` +
      `(${formatRate(result.requestsPerSecond)} req/s, p50 ${formatMs(result.p50)}, ` +
      `p99 ${formatMs(result.p99)}), ${result.failures} failed`,
    `server RSS: before ${mib(before)}, peak ${mib(peak)}, after settle + GC ${mib(after)} ` +
      `(${change} %; allowed +${RSS_TOLERANCE * 100} %)`,
    result.held ? 'verdict: held' : 'verdict: NOT held',
  ].join('\n');
}
