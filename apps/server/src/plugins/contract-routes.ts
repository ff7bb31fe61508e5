import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySerializerCompiler,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorsByStatus,
  type AnyEndpoint,
  type EndpointReply,
  type ParsedRequest,
} from '@hustle/shared/endpoint';
import type { ErrorCode } from '@hustle/shared/errors';
import { tokenScopeOf } from '@hustle/shared/token-scopes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract operation a route serves (decision 011); the route test reads it. */
    operation?: string;
  }
}

/** An onRequest guard that sets request.session or throws UNAUTHORIZED. */
export type SessionGuard = (request: FastifyRequest) => Promise<void>;

/** A handler typed from its endpoint: parsed params, query and body in, a declared answer out. */
type EndpointHandler<E extends AnyEndpoint> = (
  request: FastifyRequest<ParsedRequest<E>>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply | void>;

/** What a route may add to its endpoint: how failures are answered, a larger body limit, and a
 * body checked by its own reader. */
type RouteExtras = Pick<RouteOptions, 'errorHandler' | 'bodyLimit' | 'validatorCompiler'>;

/** The error body documented for one status: exactly the codes the endpoint declares for it. */
const errorBodyOf = (codes: ErrorCode[]) =>
  z
    .object({
      error: z.object({
        code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
        message: z.string(),
        details: z.unknown().optional(),
      }),
    })
    .meta({ description: codes.join(', ') });

const IDEMPOTENCY_NOTE =
  'Accepts an Idempotency-Key header (1–255 visible ASCII characters): a repeat with the same ' +
  'key returns the first answer and changes nothing twice.';

/** Which personal access tokens may call a session endpoint (issue 32). */
const tokenNoteOf = (operation: string) => {
  const scope = tokenScopeOf(operation);
  return scope
    ? `Access tokens: needs the "${scope}" scope.`
    : 'Access tokens: not accepted; a signed-in session only.';
};

/** The Fastify schema of an endpoint: validation, serialisation and its OpenAPI operation. */
function schemaOf(endpoint: AnyEndpoint, operationId = endpoint.operation): FastifySchema {
  const errors = Object.fromEntries(
    [...errorsByStatus(endpoint)].map(([status, codes]) => [status, errorBodyOf(codes)]),
  );
  const description = [
    endpoint.description,
    endpoint.command && endpoint.method !== 'GET' ? IDEMPOTENCY_NOTE : undefined,
    endpoint.auth !== 'none' ? tokenNoteOf(endpoint.operation) : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    operationId,
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    tags: [...endpoint.tags],
    ...(endpoint.auth === 'none' ? { security: [] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
    ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
    response: { ...errors, ...endpoint.responses },
  };
}

/**
 * Answers are checked against the contract, except error bodies: the error handler builds those,
 * and an undeclared code must still reach the client as its 4xx rather than turn into a 500.
 */
const contractSerializer: FastifySerializerCompiler<FastifySchema> = (route) =>
  Number(route.httpStatus) >= 400
    ? (data) => JSON.stringify(data)
    : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

/**
 * Registers routes from their endpoints (decision 011): method, path and aliases, schemas,
 * documentation and the session guard all come from the contract, so a route cannot drift from it.
 */
export function createRouter(
  app: FastifyInstance,
  options: { requireSession?: SessionGuard } = {},
) {
  return function route<E extends AnyEndpoint>(
    endpoint: E,
    handler: EndpointHandler<E>,
    extras: RouteExtras = {},
  ): void {
    const { requireSession } = options;
    if (endpoint.auth === 'session' && !requireSession) {
      throw new Error(`${endpoint.operation} needs a session, but the router has no guard`);
    }
    [endpoint.path, ...endpoint.aliases].forEach((url, index) => {
      app.route({
        method: endpoint.method,
        url,
        schema: schemaOf(
          endpoint,
          index === 0 ? endpoint.operation : `${endpoint.operation}Alias${index}`,
        ),
        config: { operation: endpoint.operation },
        ...(endpoint.auth === 'session' ? { onRequest: requireSession } : {}),
        serializerCompiler: contractSerializer,
        ...extras,
        // The endpoint's schemas parse the request before the handler sees it, so its types hold.
        handler: handler as unknown as RouteHandlerMethod,
      });
    });
  };
}
