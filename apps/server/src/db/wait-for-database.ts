export interface WaitOptions {
  /** Answers when the database does; throws while it cannot be reached. */
  ping: () => Promise<void>;
  /** Where the database is, for the messages (host:port, never the password). */
  where: string;
  /** Give up after this long; 0 tries once. */
  waitSeconds: number;
  intervalMs?: number;
  log: (message: string) => void;
}

export class DatabaseUnreachableError extends Error {}

/**
 * Start-up waits for the database (it often starts alongside the app) instead of exiting at
 * once and leaving a supervisor to restart the process in a tight loop.
 */
export async function waitForDatabase(options: WaitOptions): Promise<void> {
  const intervalMs = options.intervalMs ?? 1_000;
  const deadline = Date.now() + options.waitSeconds * 1_000;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await options.ping();
      return;
    } catch (error) {
      const reason = reasonOf(error);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new DatabaseUnreachableError(
          `The database at ${options.where} did not answer within ${options.waitSeconds} s ` +
            `(${attempt} attempts; last error: ${reason}). Check DATABASE_URL and that the ` +
            'database is running, or raise DATABASE_WAIT_SECONDS.',
          { cause: error },
        );
      }
      options.log(`waiting for the database at ${options.where} (attempt ${attempt}): ${reason}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)));
    }
  }
}

/** host:port of a postgres:// URL, leaving the credentials out of logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Connection failures to several addresses come as an AggregateError with an empty message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === 'string' ? code : error.name);
}
