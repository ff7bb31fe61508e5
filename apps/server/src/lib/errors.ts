import { statusOfError, type ErrorCode } from '@hustle/shared/errors';

/**
 * The one error type services throw: a code and a human message. The HTTP status comes from
 * the code (packages/shared errors table), so no service picks a status number.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Sent with the error: a refused document's problems, each by its path. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusOfError(code);
  }
}

export const notFound = (what = 'That') => new AppError('NOT_FOUND', `${what} was not found.`);
export const unauthorized = (message = 'Please sign in again.') =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const rateLimited = (message: string) => new AppError('RATE_LIMITED', message);
