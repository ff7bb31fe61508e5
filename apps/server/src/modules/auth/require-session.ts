import type { FastifyRequest } from 'fastify';
import { tokenScopeOf } from '@hustle/shared/token-scopes';
import { forbidden } from '../../lib/errors.ts';
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

/**
 * onRequest guard: 401 unless the request carries a live session or access token; 403 for a
 * personal access token outside its scopes (issue 32: `TOKEN_SCOPE_OF` in the contract).
 */
export function createRequireSession(auth: AuthService): RequireSession {
  return async (request) => {
    const session = await auth.authenticate(bearerToken(request.headers.authorization));
    if (session.token) requireScope(session.token.scopes, request);
    request.session = session;
  };
}

function requireScope(scopes: readonly string[], request: FastifyRequest) {
  const { operation } = request.routeOptions.config as { operation?: string };
  const needed = operation ? tokenScopeOf(operation) : undefined;
  if (!needed) {
    throw forbidden('Access tokens cannot do this. Sign in to Hustle to do it.');
  }
  if (!scopes.includes(needed)) {
    throw forbidden(`This access token lacks the "${needed}" scope.`);
  }
}
