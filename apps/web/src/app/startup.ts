import { STORAGE_KEYS } from '@hustle/shared/constants';
import { storeToken } from '../api/auth-token.ts';
import { keepPendingSignIn } from '../api/pending-sign-in.ts';

/**
 * spec §4: a token in the query string at startup (the magic-link return, ARCHITECTURE §5) is
 * stored, then removed from the address so it does not linger in history or get shared. While
 * another account is signed in here, a link must not switch it silently (issue 28, decision 050):
 * the token waits, and the app asks first.
 */
export function consumeTokenFromUrl(): { isNewSignIn: boolean } {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token === null) return { isNewSignIn: false };
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  const current = localStorage.getItem(STORAGE_KEYS.token);
  if (!token || token === current) return { isNewSignIn: false };
  if (current) {
    keepPendingSignIn(token);
    return { isNewSignIn: false };
  }
  storeToken(token);
  // Another sign-in replaces the one whose data the browser may hold (decision 028).
  return { isNewSignIn: true };
}
