import { z } from 'zod';

/** Every error code the API answers with; the web client maps them to messages. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'MAGIC_LINK_INVALID',
  'PROJECT_LIMIT_REACHED',
  'AUTOMATION_LIMIT_REACHED',
  'ARCHIVES_NOT_AVAILABLE',
  'SHARING_NOT_AVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** ARCHITECTURE §4: `{"error":{"code","message"}}` on every failure. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
