import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const HEADER = 'idempotency-key';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * ARCHITECTURE §7: a write may carry an `Idempotency-Key`. The key travels with the caller's
 * session into the unit of work, which stores the first answer in the command's own transaction
 * and replays it to any repeat — also to one racing the first. Signed-out writes (sign-in) are
 * single-use by nature and ignore it.
 */
export function acceptIdempotencyKeys(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const header = request.headers[HEADER];
    if (header === undefined || !WRITE_METHODS.has(request.method)) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Idempotency-Key must be 1 to 255 visible ASCII characters.',
      );
    }
    if (!request.session) return;
    const fingerprint = createHash('sha256')
      .update(
        JSON.stringify([
          request.method,
          request.routeOptions.url,
          request.params ?? null,
          request.body ?? null,
        ]),
      )
      .digest('hex');
    request.session = { ...request.session, idempotency: { key: header, fingerprint } };
  });
}
