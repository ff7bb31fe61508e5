import type { ErrorCode } from '@hustle/shared/errors';

/** The one error type services throw; the error handler turns it into ARCHITECTURE §4's shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'That') => new AppError(404, 'NOT_FOUND', `${what} was not found.`);
export const unauthorized = (message = 'Please sign in again.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const rateLimited = (message: string) => new AppError(429, 'RATE_LIMITED', message);
