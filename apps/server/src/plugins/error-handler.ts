import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isApiPath } from '@hustle/shared/endpoint';
import { statusOfError, type ErrorBody, type ErrorCode } from '@hustle/shared/errors';
import { isMalformedIdIssue } from '@hustle/shared/ids';
import { AppError } from '../lib/errors.ts';

const body = (code: ErrorCode, message: string, details?: unknown): ErrorBody => ({
  error: { code, message, ...(details === undefined ? {} : { details }) },
});

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether a request is for the API, judged on the route it reached (or the decoded path when it
 * reached none), never the raw URL: `/%61pi/…` is routed like `/api/…` (issue 13, finding 2).
 */
export const isApiRequest = (request: FastifyRequest) =>
  isApiPath(request.routeOptions.url ?? decodedPath(request.url));

/** ARCHITECTURE §4: one JSON error shape for every failure, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validation.every((issue) => isMalformedIdIssue(issue.params))) {
        return reply
          .status(statusOfError('NOT_FOUND'))
          .send(body('NOT_FOUND', 'That was not found.'));
      }
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

/**
 * Fastify answers a few requests before any route or error handler runs: a path that does not
 * decode (for example a lone surrogate written as `%ED%A0%80`) or a parameter over the length
 * limit. They get the same JSON error shape as every other refusal.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : 'The address is not valid.';
  void reply.status(statusOfError('BAD_REQUEST')).send(body('BAD_REQUEST', message));
}
