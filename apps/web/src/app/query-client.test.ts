import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { shouldRetry } from './query-client.ts';

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
