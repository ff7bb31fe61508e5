import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { endpoints, type Endpoints, type OperationName } from '@hustle/shared/api';
import {
  endpointUrl,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointResult,
} from '@hustle/shared/endpoint';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

/**
 * Where a request goes and comes from. Each simulated client has a loopback address of its own
 * (Linux routes all of 127.0.0.0/8 to the machine), so nginx and the servers see real, distinct
 * client addresses, as per-address limits need.
 */
export interface Route {
  origin: string;
  from: string;
  /** For an https origin: the certificate to trust (nginx's self-signed one). */
  ca?: string;
}

export function send(
  route: Route,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const transport = route.origin.startsWith('https:') ? https : http;
    const request = transport.request(
      `${route.origin}${path}`,
      {
        method,
        localAddress: route.from,
        ...(route.ca ? { ca: route.ca } : {}),
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            json: () => JSON.parse(body),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** What a load balancer answers while a server is going away; a client repeats the command. */
const RETRY_STATUSES = new Set([502, 503, 504]);

/**
 * Calls an endpoint by its operation name. A command carries an Idempotency-Key and is sent
 * again with the same key when the answer got lost on the way (ARCHITECTURE §7: the server
 * applies it once), as the web client's outbox does.
 */
export async function call<Name extends OperationName>(
  route: Route,
  operation: Name,
  input: EndpointInput<Endpoints[Name]>,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<Answer & { attempts: number }> {
  const endpoint: AnyEndpoint = endpoints[operation];
  const headers: Record<string, string> = {
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(endpoint.command ? { 'idempotency-key': crypto.randomUUID() } : {}),
    ...options.headers,
  };
  const body = (input as { body?: unknown }).body;
  const path = endpointUrl(endpoint, input);
  const attempts = endpoint.command ? 10 : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await send(route, endpoint.method, path, { body, headers });
      if (!RETRY_STATUSES.has(answer.status) || attempt >= attempts) {
        return { ...answer, attempts: attempt };
      }
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** As `call`, but anything other than a 2xx stops the test with the answer's text. */
export async function callOk<Name extends OperationName>(
  route: Route,
  operation: Name,
  input: EndpointInput<Endpoints[Name]>,
  token?: string,
): Promise<EndpointResult<Endpoints[Name]>> {
  const answer = await call(route, operation, input, { token });
  if (answer.status >= 300) {
    throw new Error(`${operation} via ${route.origin}: ${answer.status} ${answer.body}`);
  }
  return (answer.body === '' ? null : answer.json()) as EndpointResult<Endpoints[Name]>;
}
