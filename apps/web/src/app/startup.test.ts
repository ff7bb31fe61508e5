import { afterEach, describe, expect, it } from 'vitest';
import { useAuthToken } from '../api/auth-token.ts';
import { consumeTokenFromUrl } from './startup.ts';

describe('consumeTokenFromUrl', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('stores a token from the query string and removes it from the address', () => {
    window.history.replaceState(null, '', '/execute?token=tok-123&tab=2#top');

    consumeTokenFromUrl();

    expect(localStorage.getItem('hustleToken')).toBe('tok-123');
    expect(useAuthToken.getState().token).toBe('tok-123');
    expect(window.location.pathname).toBe('/execute');
    expect(window.location.search).toBe('?tab=2');
    expect(window.location.hash).toBe('#top');
  });

  it('leaves the address and storage alone when there is no token', () => {
    window.history.replaceState(null, '', '/plan?view=grid');

    consumeTokenFromUrl();

    expect(localStorage.getItem('hustleToken')).toBeNull();
    expect(window.location.search).toBe('?view=grid');
  });
});
