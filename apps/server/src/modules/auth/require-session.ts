import type { FastifyRequest } from 'fastify';
import type { AuthService, SessionContext } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSession; routes without it never read it. */
    session: SessionContext;
  }
}

export type RequireSession = (request: FastifyRequest) => Promise<void>;

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The contract operation a route serves (contract-routes puts it in the route's config). */
export const operationOf = (request: FastifyRequest): string =>
  (request.routeOptions.config as { operation?: string }).operation ?? '';

/**
 * onRequest guard: 401 unless the request carries a live session, or an access token whose
 * scopes allow the route's operation (403 otherwise).
 */
export function createRequireSession(auth: AuthService): RequireSession {
  return async (request) => {
    request.session = await auth.authenticate(
      bearerToken(request.headers.authorization),
      operationOf(request),
    );
  };
}
