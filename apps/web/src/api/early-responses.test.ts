import fs from 'node:fs';
import path from 'node:path';
import { endpoints } from '@hustle/shared/api';
import { STORAGE_KEYS } from '@hustle/shared/constants';
import { endpointUrl } from '@hustle/shared/endpoint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHED_USER } from '../sync/store/persisted-cache.ts';
import { api } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { storeToken } from './auth-token.ts';
import { EARLY_ANSWER_MAX_AGE_MS, takeEarlyResponse } from './early-responses.ts';

const session = {
  userId: 'u1',
  email: 'ada@example.com',
  workspaceId: 'w 1',
  featureFlags: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const sessionPath = endpointUrl(endpoints.getSession);
const workspacePath = endpointUrl(endpoints.getWorkspace, { params: { id: session.workspaceId } });

/** The early script of the built page's source, as the browser runs it before the app. */
function runPageScript() {
  const html = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text);
  const early = scripts.find((text) => text?.includes('hustleEarlyRequests'));
  if (!early) throw new Error('index.html has no early-request script');
  new Function(early)();
}

/** A server that answers the session and any workspace, counting what it was asked. */
function stubServer() {
  const fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input) === sessionPath ? json(200, session) : json(404, {}),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const askedPaths = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([input]) => String(input));

afterEach(() => {
  delete window.hustleEarlyRequests;
});

describe("index.html's early requests", () => {
  it('ask for nothing when no one is signed in', () => {
    const fetchMock = stubServer();
    runPageScript();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.hustleEarlyRequests).toBeUndefined();
  });

  it("ask for the session with the stored token, then the workspace it names, at the contract's paths", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret');
    const fetchMock = stubServer();
    runPageScript();
    await vi.waitFor(() => expect(askedPaths(fetchMock)).toEqual([sessionPath, workspacePath]));
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({
      Authorization: 'Bearer secret',
      Accept: 'application/json',
    });
  });

  it("leave a returning user's workspace to the browser's copy", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret');
    localStorage.setItem(CACHED_USER, session.userId);
    const fetchMock = stubServer();
    runPageScript();
    await expect(takeEarlyResponse(sessionPath, 'secret')).resolves.toHaveProperty('ok', true);
    expect(askedPaths(fetchMock)).toEqual([sessionPath]);
  });
});

describe('the app taking an early answer', () => {
  it('takes it once instead of asking again, then asks the server as usual', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret');
    const fetchMock = stubServer();
    runPageScript();
    storeToken('secret');

    await expect(api.getSession()).resolves.toMatchObject({ workspaceId: 'w 1' });
    expect(askedPaths(fetchMock)).toEqual([sessionPath, workspacePath]);
    await api.getSession();
    expect(askedPaths(fetchMock)).toEqual([sessionPath, workspacePath, sessionPath]);
  });

  it('is not taken after a write: a read after a join asks the server', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret');
    const fetchMock = stubServer();
    runPageScript();
    storeToken('secret');
    await vi.waitFor(() => expect(askedPaths(fetchMock)).toEqual([sessionPath, workspacePath]));

    // The invite screen reads no workspace; the join changes it; Plan then reads it (issue 28).
    const joinPath = endpointUrl(endpoints.joinInvite, { params: { inviteToken: 'abcdefghijkl' } });
    await api.joinInvite({ params: { inviteToken: 'abcdefghijkl' }, body: {} }).catch(() => {});
    expect(takeEarlyResponse(workspacePath, 'secret')).toBeUndefined();
    expect(askedPaths(fetchMock)).toEqual([sessionPath, workspacePath, joinPath]);
  });

  it('is still taken after the live-update ticket, which changes nothing read', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret');
    const fetchMock = stubServer();
    runPageScript();
    storeToken('secret');
    await vi.waitFor(() => expect(askedPaths(fetchMock)).toEqual([sessionPath, workspacePath]));

    // The layout asks for the ticket as it mounts, before a lazily loaded screen reads.
    await api.createEventTicket().catch(() => {});
    expect(takeEarlyResponse(workspacePath, 'secret')).toBeDefined();
  });

  it("leaves another user's and another workspace's answers alone", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'first');
    const fetchMock = stubServer();
    runPageScript();
    await vi.waitFor(() => expect(askedPaths(fetchMock)).toHaveLength(2));

    expect(
      takeEarlyResponse(endpointUrl(endpoints.getWorkspace, { params: { id: 'w2' } }), 'first'),
    ).toBeUndefined();
    storeToken('second');
    await expect(api.getSession()).resolves.toMatchObject({ userId: 'u1' });
    expect(fetchMock.mock.calls[2]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer second' });
    expect(takeEarlyResponse(sessionPath, 'first')).toBeDefined();
  });

  it('goes through the same checks as any answer: a rejected token signs out', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(401, { error: { code: 'UNAUTHORIZED', message: '' } })),
    );
    runPageScript();
    storeToken('expired');

    await expect(api.getSession()).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('asks again at once when the early request got no answer', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret');
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    runPageScript();
    fetchMock.mockImplementation(async () => json(200, session));
    storeToken('secret');

    await expect(api.getSession()).resolves.toMatchObject({ userId: 'u1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken once it is older than a start takes', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'secret');
    stubServer();
    runPageScript();
    const early = window.hustleEarlyRequests;
    if (!early) throw new Error('no early requests');
    early.startedAt = performance.now() - EARLY_ANSWER_MAX_AGE_MS - 1;

    expect(takeEarlyResponse(sessionPath, 'secret')).toBeUndefined();
  });
});
