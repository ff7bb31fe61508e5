import { STORAGE_KEYS } from '@hustle/shared/constants';
import { ErrorBodySchema } from '@hustle/shared/errors';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { clearToken } from './auth-token.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type RequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * Calls the API on the same origin. With a schema the JSON answer is parsed by it; without one
 * the answer is ignored. Every failure is an ApiError.
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: Schema },
): Promise<z.output<Schema>>;
export async function apiRequest(path: string, options?: RequestOptions): Promise<void>;
export async function apiRequest(
  path: string,
  { method = 'GET', body, signal, schema }: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Hustle. Check your connection.');
  }

  if (!response.ok) {
    // A rejected token means the session is over: drop it so the signed-out app shows.
    if (response.status === 401 && token) clearToken();
    throw await toApiError(response);
  }

  if (!schema) return undefined;
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiError(response.status, 'UNPARSABLE_RESPONSE', 'Unparsable response');
  }
  return parsed.data;
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
