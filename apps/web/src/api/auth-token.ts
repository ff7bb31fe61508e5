import { STORAGE_KEYS } from '@hustle/shared/constants';
import { create } from 'zustand';

type AuthTokenState = { token: string | null };

/** The stored login token (spec §3 hustleToken); the app is signed in exactly while it is set. */
export const useAuthToken = create<AuthTokenState>(() => ({
  token: localStorage.getItem(STORAGE_KEYS.token),
}));

export function storeToken(token: string) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  useAuthToken.setState({ token });
}

export function clearToken() {
  localStorage.removeItem(STORAGE_KEYS.token);
  useAuthToken.setState({ token: null });
}
