import { STORAGE_KEYS } from '@hustle/shared/constants';
import { create } from 'zustand';

type AuthTokenState = {
  token: string | null;
  /** Why the last token went: the user signed out, or the server no longer accepted it. */
  endedBy?: 'signed-out' | 'rejected';
};

/** The stored login token (spec §3 hustleToken); the app is signed in exactly while it is set. */
export const useAuthToken = create<AuthTokenState>(() => ({
  token: localStorage.getItem(STORAGE_KEYS.token),
}));

export function storeToken(token: string) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  useAuthToken.setState({ token });
}

export function clearToken(endedBy: 'signed-out' | 'rejected' = 'signed-out') {
  localStorage.removeItem(STORAGE_KEYS.token);
  useAuthToken.setState({ token: null, endedBy });
}
