import { vi } from 'vitest';

/** A system whose colour scheme the test sets, telling its listeners as a browser does. */
export function stubSystemScheme(initial: 'light' | 'dark') {
  let isDark = initial === 'dark';
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    get matches() {
      return isDark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  const matchMedia = vi.fn((media: string) => {
    if (media !== query.media) throw new Error(`unexpected media query ${media}`);
    return query as unknown as MediaQueryList;
  });
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    set(scheme: 'light' | 'dark') {
      isDark = scheme === 'dark';
      for (const listener of listeners) listener({ matches: isDark } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}
