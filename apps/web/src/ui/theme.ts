import { STORAGE_KEYS } from '@hustle/shared/constants';

export type Theme = 'light' | 'dark';

/**
 * What the user chose: a theme, or to match the system's (issue 28). Stored under the spec's
 * theme key (spec §3); nothing stored is the spec's light default.
 */
export type ThemePreference = Theme | 'system';

/** tokens.css `--color-bg` of each theme: the browser paints its own bar to match (issue 15). */
const THEME_COLORS: Record<Theme, string> = { light: '#f7f7f5', dark: '#191919' };

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

export function readStoredThemePreference(): ThemePreference {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  return stored === 'dark' || stored === 'system' ? stored : 'light';
}

export function storeThemePreference(preference: ThemePreference) {
  localStorage.setItem(STORAGE_KEYS.theme, preference);
}

/** The system's scheme, or light where the browser cannot say (spec §9: light by default). */
function systemDarkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(SYSTEM_DARK) : null;
}

export const systemTheme = (): Theme => (systemDarkQuery()?.matches ? 'dark' : 'light');

export const resolveTheme = (preference: ThemePreference): Theme =>
  preference === 'system' ? systemTheme() : preference;

/** Calls back with the system's scheme each time it changes; returns the way to stop. */
export function onSystemThemeChange(callback: (theme: Theme) => void): () => void {
  const query = systemDarkQuery();
  if (!query) return () => {};
  const listener = (event: MediaQueryListEvent) => callback(event.matches ? 'dark' : 'light');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  // index.html names one colour per system scheme; the theme chosen in the app wins over both.
  document
    .querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')
    .forEach((meta) => (meta.content = THEME_COLORS[theme]));
}
