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

/** preHandler guard: 401 unless the request carries a live access token. */
export function createRequireSession(auth: AuthService): RequireSession {
  return async (request) => {
    request.session = await auth.authenticate(bearerToken(request.headers.authorization));
  };
}
