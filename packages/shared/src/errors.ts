import { z } from 'zod';

/**
 * Every error code the API answers with, and the HTTP status each one means. Services throw a
 * code; the server's error handler takes the status from here, and the web client branches on
 * the code. A code has exactly one status.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  CHECKLIST_FULL: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  MAGIC_LINK_INVALID: 400,
  WEBHOOK_ADDRESS_REFUSED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  SIGN_UP_CLOSED: 403,
  ARCHIVES_NOT_AVAILABLE: 403,
  SHARING_NOT_AVAILABLE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PROJECT_ARCHIVED: 409,
  TASK_COMPLETED: 409,
  TASK_NOT_PLANNED: 409,
  PROJECT_LIMIT_REACHED: 409,
  AUTOMATION_LIMIT_REACHED: 409,
  TASK_LIMIT_REACHED: 409,
  TOKEN_LIMIT_REACHED: 409,
  WEBHOOK_LIMIT_REACHED: 409,
  ID_TAKEN: 409,
  UNDO_UNAVAILABLE: 409,
  EMAIL_TAKEN: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const statusOfError = (code: ErrorCode): number => ERROR_STATUS[code];

/** ARCHITECTURE §4: `{"error":{"code","message"}}` on every failure. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
