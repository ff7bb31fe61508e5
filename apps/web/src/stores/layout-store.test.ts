import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLayoutStore } from './layout-store.ts';
import { stubSystemScheme } from '../test/system-scheme.ts';
import { readStoredThemePreference } from '../ui/theme.ts';

const shown = () => ({
  theme: useLayoutStore.getState().theme,
  page: document.documentElement.dataset.theme,
});

afterEach(() => useLayoutStore.getState().setTheme('light'));

describe('the theme', () => {
  it('is light by default, whatever the system says (spec §9)', () => {
    stubSystemScheme('dark');
    expect(useLayoutStore.getInitialState().theme).toBe('light');
    expect(readStoredThemePreference()).toBe('light');
  });

  it('matches the system once asked to, and follows it live', () => {
    const system = stubSystemScheme('dark');
    useLayoutStore.getState().setThemePreference('system');

    expect(shown()).toEqual({ theme: 'dark', page: 'dark' });
    expect(readStoredThemePreference()).toBe('system');

    system.set('light');
    expect(shown()).toEqual({ theme: 'light', page: 'light' });
    system.set('dark');
    expect(shown()).toEqual({ theme: 'dark', page: 'dark' });
  });

  it('stops following the system when the user toggles again', () => {
    const system = stubSystemScheme('dark');
    useLayoutStore.getState().setThemePreference('system');
    useLayoutStore.getState().toggleTheme();

    expect(shown()).toEqual({ theme: 'light', page: 'light' });
    expect(useLayoutStore.getState().themePreference).toBe('light');
    expect(system.listenerCount()).toBe(0);
    system.set('light');
    system.set('dark');
    expect(shown()).toEqual({ theme: 'light', page: 'light' });
  });

  it('stays light when matching a browser that cannot tell its scheme', () => {
    vi.stubGlobal('matchMedia', undefined);
    useLayoutStore.getState().setThemePreference('system');
    expect(shown()).toEqual({ theme: 'light', page: 'light' });
  });
});
