// The load generator's own process (forked by load.ts): it shares neither an event loop nor a
// core's time slice with the server or the driver, so its figures are the server's.
import autocannon from 'autocannon';
import type { LoadMessage, LoadResult, LoadSpec } from './load-spec.ts';

function fire(spec: LoadSpec, seconds: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: spec.origin,
    connections: spec.connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
    setupClient: (client) => {
      const sequence = spec.sequences[next % spec.sequences.length] ?? [];
      next += 1;
      client.setRequests(sequence);
    },
  });
}

function summarize(result: autocannon.Result, expectedStatus: number | undefined): LoadResult {
  const answers = Object.values(result.statusCodeStats ?? {}).reduce(
    (sum, { count = 0 }) => sum + count,
    0,
  );
  const ok =
    expectedStatus === undefined
      ? result['2xx']
      : (result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0);
  const seconds = result.duration;
  return {
    requests: answers,
    seconds,
    expected: expectedStatus === undefined ? '2xx' : String(expectedStatus),
    requestsPerSecond: seconds > 0 ? ok / seconds : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: answers - ok,
    errors: result.errors,
  };
}

function reply(message: LoadMessage): void {
  process.send?.(message, () => process.exit(0));
}

process.once('message', (spec: LoadSpec) => {
  (async () => {
    if (spec.warmupSeconds > 0) await fire(spec, spec.warmupSeconds);
    process.send?.({ measuring: true } satisfies LoadMessage);
    const result = await fire(spec, spec.durationSeconds);
    reply({ ok: true, result: summarize(result, spec.expectedStatus) });
  })().catch((error: unknown) => reply({ ok: false, error: String(error) }));
});
