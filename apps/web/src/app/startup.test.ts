import { afterEach, describe, expect, it } from 'vitest';
import { storeToken, useAuthToken } from '../api/auth-token.ts';
import { dropPendingSignIn, readPendingSignIn } from '../api/pending-sign-in.ts';
import { consumeTokenFromUrl } from './startup.ts';

describe('consumeTokenFromUrl', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    dropPendingSignIn();
  });

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

  it('never switches a signed-in browser to the account of a link: the token waits (issue 28)', () => {
    storeToken('mine');
    window.history.replaceState(null, '', '/plan?token=theirs');

    expect(consumeTokenFromUrl()).toEqual({ isNewSignIn: false });

    expect(localStorage.getItem('hustleToken')).toBe('mine');
    expect(useAuthToken.getState().token).toBe('mine');
    expect(readPendingSignIn()).toBe('theirs');
    expect(window.location.search).toBe('');
  });

  it('takes a link to the account already signed in as nothing new', () => {
    storeToken('mine');
    window.history.replaceState(null, '', '/plan?token=mine');

    expect(consumeTokenFromUrl()).toEqual({ isNewSignIn: false });
    expect(readPendingSignIn()).toBeNull();
    expect(window.location.search).toBe('');
  });
});
