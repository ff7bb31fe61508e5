import type { ErrorCode } from '@hustle/shared/errors';

export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNPARSABLE_RESPONSE' | 'UNKNOWN';

const FALLBACK_ERROR_MESSAGE = 'An error occurred';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string = FALLBACK_ERROR_MESSAGE,
  ) {
    super(message);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_ERROR_MESSAGE;
}
