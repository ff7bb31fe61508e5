import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@hustle/shared/errors';
import { AppError } from '../lib/errors.ts';

const body = (code: ErrorCode, message: string, details?: unknown): ErrorBody => ({
  error: { code, message, ...(details === undefined ? {} : { details }) },
});

/** API paths answer JSON 404s; everything else may fall back to the web app. */
export const API_PREFIXES = ['/api/', '/auth/', '/workspaces/', '/billing/'];
export const isApiPath = (url: string) =>
  API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api' || url === '/auth';

/** ARCHITECTURE §4: one JSON error shape for every failure, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }));
      const first = issues[0];
      const where = first?.path ? `${first.path}: ` : '';
      return reply
        .status(400)
        .send(body('VALIDATION_FAILED', `${where}${first?.message ?? 'Invalid request'}`, issues));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(body('RATE_LIMITED', 'Too many requests. Slow down and try again.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.status(error.statusCode).send(body('BAD_REQUEST', message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}
