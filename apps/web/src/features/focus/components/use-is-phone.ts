import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 600px)';

let query: MediaQueryList | null | undefined;
const mediaQuery = () => {
  if (query === undefined) {
    query = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
  }
  return query;
};

function subscribe(onChange: () => void) {
  const list = mediaQuery();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** A phone's width, where the timer leaves the top bar for the foot of the screen. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
