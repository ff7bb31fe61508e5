/** What index.html's early script leaves for the app (decision 037). */
type EarlyRequests = {
  /** The token the requests were sent with. */
  token: string;
  /** When the page's script started them (`performance.now()`). */
  startedAt: number;
  /** Each request not yet taken, by the path it asked for. */
  responses: Record<string, Promise<Response> | undefined>;
};

declare global {
  interface Window {
    hustleEarlyRequests?: EarlyRequests;
  }
}

/**
 * An answer older than this is not taken: a screen opened later reads its data anew, as it
 * would have without the early request.
 */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/**
 * The answer of a request index.html started before the app's scripts arrived (decision 037)
 * for this GET `path`, sent with this `token`; each is taken once. Another user's (the token
 * changed since), another workspace's and a stale one are left alone, and the caller fetches.
 */
export function takeEarlyResponse(
  path: string,
  token: string | null,
): Promise<Response> | undefined {
  const early = window.hustleEarlyRequests;
  if (!early || !token || early.token !== token) return undefined;
  if (performance.now() - early.startedAt > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  const response = early.responses[path];
  delete early.responses[path];
  return response;
}

/**
 * Forgets the answers not yet taken. A write makes what was read before it out of date, so a
 * read after it asks the server: a project joined on the invite screen (which reads no
 * workspace) was missing from Plan, which took the workspace read as the page opened (issue 28).
 */
export function dropEarlyResponses(): void {
  const early = window.hustleEarlyRequests;
  if (early) early.responses = {};
}
