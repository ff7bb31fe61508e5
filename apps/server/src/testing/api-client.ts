import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { endpoints, type Endpoints, type OperationName } from '@hustle/shared/api';
import {
  endpointUrl,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointResult,
} from '@hustle/shared/endpoint';
import { signIn } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Which of the endpoint's paths to call (an alias of spec §7); its first path otherwise. */
type CallOptions = { via?: string };
type CallArgs<Name extends OperationName> =
  object extends EndpointInput<Endpoints[Name]>
    ? [input?: EndpointInput<Endpoints[Name]> & CallOptions]
    : [input: EndpointInput<Endpoints[Name]> & CallOptions];

/**
 * Calls an endpoint by its operation name, through `inject`. An error answer must carry a code
 * the endpoint declares, so the contract's error lists are checked by every test that calls.
 */
export async function callEndpoint<Name extends OperationName>(
  app: FastifyInstance,
  operation: Name,
  input: (EndpointInput<Endpoints[Name]> & CallOptions) | undefined,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const endpoint: AnyEndpoint = endpoints[operation];
  const { via = endpoint.path, ...parts } = input ?? {};
  if (![endpoint.path, ...endpoint.aliases].includes(via)) {
    throw new Error(`${via} is not a path of ${operation}`);
  }
  const body = 'body' in parts ? parts.body : undefined;
  const res = await app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, parts, via),
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  if (res.statusCode >= 400) {
    const code = errorCodeOf(res);
    if (code !== undefined && !endpoint.errors.includes(code as never)) {
      throw new Error(
        `${operation} answered ${res.statusCode} ${code}, which its contract does not declare ` +
          `(it declares ${endpoint.errors.join(', ')})`,
      );
    }
  }
  return res;
}

function errorCodeOf(res: LightMyRequestResponse): string | undefined {
  try {
    return res.json<{ error?: { code?: string } }>().error?.code;
  } catch {
    return undefined;
  }
}

export interface ApiClient {
  userId: string;
  workspaceId: string;
  email: string;
  headers: { authorization: string };
  /** An endpoint by name, as this user; the raw answer, whatever its status. */
  call<Name extends OperationName>(
    operation: Name,
    ...args: CallArgs<Name>
  ): Promise<LightMyRequestResponse>;
  /** An endpoint by name, as this user; fails unless it succeeds, then its parsed answer. */
  callOk<Name extends OperationName>(
    operation: Name,
    ...args: CallArgs<Name>
  ): Promise<EndpointResult<Endpoints[Name]>>;
  /** Raw requests, for tests that send what no endpoint's types allow. */
  request(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
  /** The caller's workspace as the API returns it. */
  workspace(): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads any field
}

let ipCounter = 0;

/** Signs a user in through the real flow and returns a client carrying their token. */
export async function apiClientFor(app: FastifyInstance, email: string): Promise<ApiClient> {
  ipCounter += 1;
  const { headers } = await signIn(
    app,
    email,
    `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
  );
  const me = (await callEndpoint(app, 'getSession', {}, headers)).json();
  const request = (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const call = <Name extends OperationName>(operation: Name, ...[input]: CallArgs<Name>) =>
    callEndpoint(app, operation, input, headers);
  return {
    userId: me.userId,
    workspaceId: me.workspaceId,
    email: me.email,
    headers,
    call,
    callOk: async (operation, ...args) => {
      const res = await call(operation, ...args);
      if (res.statusCode >= 300) {
        throw new Error(`${operation}: ${res.statusCode} ${res.body}`);
      }
      // A 204 has no body; its contract answer is null.
      return res.body === '' ? (null as never) : res.json();
    },
    request,
    get: (url) => request('GET', url),
    post: (url, payload) => request('POST', url, payload),
    put: (url, payload) => request('PUT', url, payload),
    del: (url) => request('DELETE', url),
    workspace: async () => {
      const res = await call('getWorkspace', { params: { id: me.workspaceId } });
      if (res.statusCode !== 200) throw new Error(`workspace: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
}
