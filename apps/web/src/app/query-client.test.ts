import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { shouldRetry, startOnlineFromBrowser } from './query-client.ts';

describe('query retries', () => {
  it('retry network and server failures twice', () => {
    const offline = new ApiError(0, 'NETWORK_ERROR');
    expect([0, 1, 2].map((count) => shouldRetry(count, offline))).toEqual([true, true, false]);
    expect(shouldRetry(0, new ApiError(503, 'INTERNAL'))).toBe(true);
  });
  it('never retry answers that will not change', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND'))).toBe(false);
    expect(shouldRetry(0, new ApiError(200, 'UNPARSABLE_RESPONSE'))).toBe(false);
  });
});

describe('a page opened offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it('knows it is offline from the start, before any online or offline event', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startOnlineFromBrowser();
    expect(onlineManager.isOnline()).toBe(false);
  });
});
