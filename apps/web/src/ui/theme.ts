import { STORAGE_KEYS } from '@hustle/shared/constants';

export type Theme = 'light' | 'dark';

export function readStoredTheme(): Theme {
  return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}
