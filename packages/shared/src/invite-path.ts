/**
 * The one kind of page a sign-in may return to: an invite (spec §2 'Log in to join'). Kept apart
 * from the auth schemas so the web app's first script can use it without the schema library.
 */
export const INVITE_PATH_PATTERN = /^\/invite\/[A-Za-z0-9_-]{11,200}$/;
export const isInvitePath = (path: string | null | undefined): path is string =>
  typeof path === 'string' && INVITE_PATH_PATTERN.test(path);

/** The invite token in an invite path, or undefined for any other path. */
export const inviteTokenOf = (path: string | null | undefined): string | undefined =>
  isInvitePath(path) ? path.slice('/invite/'.length) : undefined;
