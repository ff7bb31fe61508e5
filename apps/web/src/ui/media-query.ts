import { useSyncExternalStore } from 'react';

// One list per query for the whole app: rows read them on every render, so they must be cheap.
const lists = new Map<string, MediaQueryList | null>();

const listOf = (query: string) => {
  if (!lists.has(query)) {
    lists.set(
      query,
      typeof window !== 'undefined' && typeof window.matchMedia === 'function'
        ? window.matchMedia(query)
        : null,
    );
  }
  return lists.get(query) ?? null;
};

/** Whether a CSS media query matches now, re-rendering its reader when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = listOf(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => listOf(query)?.matches ?? false,
    () => false,
  );
}
