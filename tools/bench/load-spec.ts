/** What the driver asks a load process to do; plain data, so it crosses the IPC channel as JSON. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestSpec {
  method: HttpMethod;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  /** http://127.0.0.1:port — the load never leaves loopback. */
  origin: string;
  connections: number;
  durationSeconds: number;
  /** A run before the measured one, so the JIT and caches are warm; its figures are dropped. */
  warmupSeconds: number;
  /** Connection i cycles through sequences[i % sequences.length], one request in flight. */
  sequences: RequestSpec[][];
  /** The status every answer should have; any 2xx when not given. */
  expectedStatus?: number;
}

export interface LoadResult {
  /** Responses of any status. */
  requests: number;
  seconds: number;
  /** What an answer should be: '2xx', or a status such as '304'. */
  expected: string;
  /** Expected answers per second. */
  requestsPerSecond: number;
  /** Latency of every answer, milliseconds. */
  p50: number;
  p99: number;
  /** Answers with any other status. */
  unexpected: number;
  /** Connection errors, timeouts included. */
  errors: number;
}

export type LoadMessage =
  | { ok: true; result: LoadResult }
  | { ok: false; error: string }
  /** Sent once the warm-up is over, as the measured run starts. */
  | { measuring: true };

/** A request as a browser sends it: signed in, and taking compressed answers (decision 036). */
export function bearer(token: string, json = false): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip, deflate, br, zstd',
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}
