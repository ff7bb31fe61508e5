import { AppError } from '../lib/errors.ts';

/** Runs of one piece of write work before a conflict is answered (decision 013). */
export const MAX_ATTEMPTS = 4;

const RETRY_CODES = new Set([
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '23505', // unique_violation: a parallel insert won; the retry sees its row
  '55P03', // lock_not_available
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
]);
const GONE_CODES = new Set(['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']);

/**
 * What a database error means for write work: `retry` when a concurrent transaction got in the
 * way (running the work again sees the winner's rows), `gone` when a row it refers to vanished
 * meanwhile, `other` for anything else.
 */
export function classifyWriteError(error: unknown): 'retry' | 'gone' | 'other' {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'other';
  if (RETRY_CODES.has(code)) return 'retry';
  return GONE_CODES.has(code) ? 'gone' : 'other';
}

/** The error a caller sees once write work will not be run again. */
export function finalWriteError(error: unknown): unknown {
  const kind = classifyWriteError(error);
  if (kind === 'gone') return new AppError('NOT_FOUND', 'That was deleted meanwhile.');
  if (kind === 'retry') {
    return new AppError('CONFLICT', 'Someone else changed this at the same time. Try again.');
  }
  return error;
}

/**
 * Runs `attempt` again, after a short random pause, while the database says a concurrent
 * transaction got in the way, up to MAX_ATTEMPTS runs; then throws what the caller should see.
 */
export async function retryingWrites<T>(attempt: () => Promise<T>): Promise<T> {
  for (let run = 1; ; run += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (classifyWriteError(error) === 'retry' && run < MAX_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * run));
        continue;
      }
      throw finalWriteError(error);
    }
  }
}
