export interface BenchOptions {
  quick: boolean;
  /** The held load of docs/reliability.md instead of the scenarios. */
  soak: boolean;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  commitCeilingSeconds: number;
  /** Task counts of the scale curve; the largest also serves the isolation scenario. */
  scaleTasks: number[];
  /** Simulated users of the mixed load and the write scenarios, one account each. */
  users: number;
  /** postgres://… to run on PostgreSQL (a fresh schema per run), else SQLite in a temp dir. */
  databaseUrl: string | undefined;
  /** --cluster: one server against three behind nginx, on PostgreSQL (BENCH_DATABASE_URL). */
  cluster: boolean;
  /** Measured runs of each browser timing (web/web-phase.ts). */
  webRuns: number;
  /** Lighthouse runs per screen and preset, the median reported. */
  lighthouseRuns: number;
  /** --web-only: the web phase alone, without the ceilings and load scenarios. */
  webOnly: boolean;
  /** --only=small-read,plan-idle: these load scenarios alone (ids of budgets.ts's ROW), no web phase. */
  only: string[] | undefined;
  /** --profile: the server writes a V8 CPU profile (`node --cpu-prof`) into the run's dir. */
  profile: boolean;
}

const FLAGS = ['--quick', '--cluster', '--soak', '--web-only', '--profile'];
/** --scale=100,10000: the scale curve's task counts instead of the run's own. */
const SCALE = /^--scale=(\d+(?:,\d+)*)$/;
const ONLY = /^--only=([a-z0-9-]+(?:,[a-z0-9-]+)*)$/;

/**
 * Full run: 10 s per scenario, under ten minutes on two cores. --quick: about a minute, with
 * fewer users and a shorter scale curve, for checking that the bench itself works (--scale
 * gives the curve's task counts, so a quick run can reach 10,000). --soak: the
 * mixed load of 50 users held for 60 s, with the server's memory sampled (--quick: 10 s).
 * The web phase follows the load scenarios: 5 runs of each browser timing (--quick: 2);
 * --web-only runs it alone, and leaves docs/performance.md as it is. --only runs the named
 * load scenarios at full length without the web phase, and --profile has the server record
 * where its CPU time goes; both print and leave the doc alone.
 */
export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  const unknown = argv.filter((arg) => !FLAGS.includes(arg) && !SCALE.test(arg) && !ONLY.test(arg));
  if (unknown.length > 0) {
    throw new Error(
      `unknown argument ${unknown.join(' ')} (known: ${FLAGS.join(', ')}, --scale=N,N…, --only=id,id…)`,
    );
  }
  const quick = argv.includes('--quick');
  const cluster = argv.includes('--cluster');
  if (cluster && !env.BENCH_DATABASE_URL) {
    throw new Error('--cluster runs on PostgreSQL: set BENCH_DATABASE_URL');
  }
  const soak = argv.includes('--soak');
  const scale = argv.map((arg) => SCALE.exec(arg)?.[1]).find(Boolean);
  return {
    quick,
    soak,
    connections: 50,
    durationSeconds: soak ? (quick ? 10 : 60) : quick ? 2 : 10,
    warmupSeconds: quick ? 0.5 : 2,
    commitCeilingSeconds: quick ? 1 : 5,
    scaleTasks: soak
      ? []
      : scale
        ? scale.split(',').map(Number)
        : quick
          ? [100, 1_000]
          : [100, 1_000, 10_000],
    users: quick && !soak ? 10 : 50,
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    cluster,
    webRuns: quick ? 2 : 5,
    lighthouseRuns: quick ? 1 : 3,
    webOnly: argv.includes('--web-only'),
    only: argv
      .map((arg) => ONLY.exec(arg)?.[1])
      .find(Boolean)
      ?.split(','),
    profile: argv.includes('--profile'),
  };
}
