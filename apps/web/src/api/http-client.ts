import { STORAGE_KEYS } from '@hustle/shared/constants';
import {
  endpointUrl,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointResult,
} from '@hustle/shared/endpoint';
import { ErrorBodySchema } from '@hustle/shared/errors';
import { ApiError } from './api-error.ts';
import { clearToken } from './auth-token.ts';
import { dropEarlyResponses, takeEarlyResponse } from './early-responses.ts';

export type CallOptions = {
  signal?: AbortSignal;
  /** Extra request headers, such as a command's Idempotency-Key (decision 028). */
  headers?: Record<string, string>;
  /** Calls as this token instead of the one signed in (a link's, checked before switching). */
  token?: string;
};

/**
 * Calls an endpoint of the contract on the same origin (decision 011): the path is built from
 * it and the answer parsed by its response schema for the status received. Every failure is an
 * ApiError.
 */
export async function callEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  input: EndpointInput<E> & CallOptions = {} as EndpointInput<E> & CallOptions,
): Promise<EndpointResult<E>> {
  const { signal, headers: extraHeaders, token: asToken } = input;
  const body: unknown = 'body' in input ? input.body : undefined;
  const token = asToken ?? localStorage.getItem(STORAGE_KEYS.token);
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const url = endpointUrl(endpoint, input);
  const request = () =>
    fetch(url, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  // The session and workspace reads may already be under way since the page opened
  // (decision 037); one that failed to get an answer is asked for again at once.
  const early = endpoint.method === 'GET' ? takeEarlyResponse(url, token) : undefined;
  // A write makes them out of date; the stream's ticket, asked for as the app mounts, does not.
  if (endpoint.method !== 'GET' && !endpoint.changesNoReads) dropEarlyResponses();

  let response: Response;
  try {
    response = await (early ? early.catch(request) : request());
    // The page's request never saw this call's signal: a cancelled call still ends cancelled.
    if (early) signal?.throwIfAborted();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Hustle. Check your connection.');
  }

  if (!response.ok) {
    // A rejected token means the session is over: drop it so the signed-out app shows.
    if (response.status === 401 && token && !asToken) clearToken('rejected');
    throw await toApiError(response);
  }

  const schema = endpoint.responses[response.status];
  // A 204 carries no body; its contract answer is null.
  const parsed = schema?.safeParse(response.status === 204 ? null : await readJson(response));
  if (!parsed?.success) {
    throw new ApiError(response.status, 'UNPARSABLE_RESPONSE', 'Unparsable response');
  }
  return parsed.data as EndpointResult<E>;
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = ErrorBodySchema.safeParse(await readJson(response));
  if (!parsed.success) return new ApiError(response.status, 'UNKNOWN');
  const { code, message } = parsed.data.error;
  return new ApiError(response.status, code, message || undefined);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
