import { STORAGE_KEYS } from '@hustle/shared/constants';

export type Theme = 'light' | 'dark';

/** tokens.css `--color-bg` of each theme: the browser paints its own bar to match (issue 15). */
const THEME_COLORS: Record<Theme, string> = { light: '#f7f7f5', dark: '#191919' };

export function readStoredTheme(): Theme {
  return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  // index.html names one colour per system scheme; the theme chosen in the app wins over both.
  document
    .querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')
    .forEach((meta) => (meta.content = THEME_COLORS[theme]));
}
