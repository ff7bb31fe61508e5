import { isInvitePath } from '@hustle/shared/invite-path';

/**
 * Signed-out users who opened an invite come back to it after logging in: from the invite's own
 * address, or from /login?returnTo=/invite/… (its 'Log in to join'). Only invite paths are
 * honoured, so the parameter cannot send anyone elsewhere.
 */
export function returnPathFor(pathname: string, search: string) {
  if (isInvitePath(pathname)) return pathname;
  const returnTo = new URLSearchParams(search).get('returnTo');
  return isInvitePath(returnTo) ? returnTo : '/';
}
