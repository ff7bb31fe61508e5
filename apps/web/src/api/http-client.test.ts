import { endpoints } from '@hustle/shared/api';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { api } from './api-client.ts';
import { apiUrl } from './api-url.ts';
import { storeToken, useAuthToken } from './auth-token.ts';

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

const task = {
  id: 't1',
  name: 'Read',
  projectId: null,
  automationId: null,
  planned: false,
  done: false,
  state: 'IDLE',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
  plannedFor: null,
  carriedOver: 0,
  deadline: null,
  estimate: null,
  remindAt: null,
  actualSeconds: 0,
  hasNotes: false,
  checklist: { done: 0, total: 0 },
};

describe('the API client', () => {
  it('sends the body as JSON to the endpoint with the stored token, and parses the answer', async () => {
    storeToken('secret');
    const answer = { workspaceId: 'w1', projectId: null, id: 't1', done: false, task };
    const fetchMock = stubFetch(json(200, { ...answer, extra: true }));

    const result = await api.createTask({ body: { workspaceId: 'w1', name: 'Read' } });

    expect(result).toEqual(answer);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe(endpoints.createTask.path);
    expect(init?.method).toBe(endpoints.createTask.method);
    expect(init?.body).toBe('{"workspaceId":"w1","name":"Read"}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer secret',
      'Content-Type': 'application/json',
    });
  });

  it('fills the path params from the contract, encoded', async () => {
    const fetchMock = stubFetch(json(200, { ok: true, version: 3 }));
    await api.taskAction({
      params: { id: 'a/b c', action: 'complete' },
      body: { workspaceId: 'w1', projectId: null, origin: 'workspace' },
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/workspace/tasks/a%2Fb%20c/complete');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('PUT');
  });

  it('builds addresses the browser opens itself, with their query', () => {
    expect(apiUrl('streamEvents', { query: { ticket: 't 1' } })).toBe('/api/v1/events?ticket=t+1');
  });

  it('answers null for a 204 and sends no Authorization header when signed out', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    expect(await api.logout()).toBeNull();
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
    expect(fetchMock.mock.calls[0]![1]?.body).toBeUndefined();
  });

  it('turns the server error body into an ApiError', async () => {
    stubFetch(json(429, { error: { code: 'RATE_LIMITED', message: 'Slow down.' } }));
    const error = await caught(api.requestLoginCode({ body: { email: 'a@b.co' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Slow down.' });
  });

  it('falls back to a generic message when the error body is not the contract shape', async () => {
    stubFetch(new Response('Bad gateway', { status: 502 }));
    const error = await caught(api.getSession());
    expect(error).toMatchObject({ status: 502, code: 'UNKNOWN', message: 'An error occurred' });
  });

  it('reports a network failure as an ApiError', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await caught(api.getSession());
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach Hustle. Check your connection.',
    });
  });

  it('rejects an answer that does not match the endpoint response schema', async () => {
    stubFetch(json(200, { userId: 'u1' }));
    const error = await caught(api.getSession());
    expect(error).toMatchObject({ code: 'UNPARSABLE_RESPONSE', message: 'Unparsable response' });
  });

  it('signs out when the server rejects the stored token', async () => {
    storeToken('expired');
    stubFetch(json(401, { error: { code: 'UNAUTHORIZED', message: 'Log in again.' } }));

    await caught(api.getSession());

    expect(localStorage.getItem('hustleToken')).toBeNull();
    expect(useAuthToken.getState().token).toBeNull();
  });
});
