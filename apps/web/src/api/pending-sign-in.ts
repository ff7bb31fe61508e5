/**
 * A sign-in token that arrived in a link (`?token=`, spec §4) while another account was signed
 * in here (issue 28: login CSRF). It is not taken on its own: the app says whose account it opens
 * and asks first. Kept for this tab only.
 */
const KEY = 'hustlePendingSignIn';

export const readPendingSignIn = (): string | null => sessionStorage.getItem(KEY);
export const keepPendingSignIn = (token: string): void => sessionStorage.setItem(KEY, token);
export const dropPendingSignIn = (): void => sessionStorage.removeItem(KEY);
