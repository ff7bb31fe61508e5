import { STORAGE_KEYS } from '@hustle/shared/constants';
import { storeToken } from '../api/auth-token.ts';

/**
 * spec §4: a token in the query string at startup (the magic-link return, ARCHITECTURE §5) is
 * stored, then removed from the address so it does not linger in history or get shared.
 */
export function consumeTokenFromUrl(): { isNewSignIn: boolean } {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token === null) return { isNewSignIn: false };
  // Another sign-in replaces the one whose data the browser may hold (decision 028).
  const isNewSignIn = Boolean(token) && token !== localStorage.getItem(STORAGE_KEYS.token);
  if (token) storeToken(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return { isNewSignIn };
}
