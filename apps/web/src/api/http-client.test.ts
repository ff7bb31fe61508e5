import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { storeToken, useAuthToken } from './auth-token.ts';
import { apiRequest } from './http-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error,
  );

describe('apiRequest', () => {
  it('sends JSON with the stored token and parses the answer with the given schema', async () => {
    storeToken('secret');
    const fetchMock = stubFetch(json(200, { id: 7, extra: true }));

    const result = await apiRequest('/api/v1/things', {
      method: 'POST',
      body: { name: 'a' },
      schema: z.object({ id: z.number() }),
    });

    expect(result).toEqual({ id: 7 });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/v1/things');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"a"}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer secret',
      'Content-Type': 'application/json',
    });
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = stubFetch(json(200, {}));
    await apiRequest('/auth/logout', { method: 'POST' });
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
  });

  it('turns the server error body into an ApiError', async () => {
    stubFetch(json(429, { error: { code: 'RATE_LIMITED', message: 'Slow down.' } }));
    const error = await caught(apiRequest('/auth/code/authorize', { method: 'POST' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Slow down.' });
  });

  it('falls back to a generic message when the error body is not the contract shape', async () => {
    stubFetch(new Response('Bad gateway', { status: 502 }));
    const error = await caught(apiRequest('/api/v1/session'));
    expect(error).toMatchObject({ status: 502, code: 'UNKNOWN', message: 'An error occurred' });
  });

  it('reports a network failure as an ApiError', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await caught(apiRequest('/api/v1/session'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch(json(200, { id: 'seven' }));
    const error = await caught(apiRequest('/x', { schema: z.object({ id: z.number() }) }));
    expect(error).toMatchObject({ code: 'UNPARSABLE_RESPONSE', message: 'Unparsable response' });
  });

  it('signs out when the server rejects the stored token', async () => {
    storeToken('expired');
    stubFetch(json(401, { error: { code: 'UNAUTHORIZED', message: 'Log in again.' } }));

    await caught(apiRequest('/api/v1/session'));

    expect(localStorage.getItem('hustleToken')).toBeNull();
    expect(useAuthToken.getState().token).toBeNull();
  });
});
