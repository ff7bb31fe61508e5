import { useState } from 'react';

/**
 * The window's size when the list mounts, for a window-scrolled virtualiser's first render:
 * without it the virtualiser starts from a 0×0 window, renders no rows, and renders again once
 * it has measured the window — a second pass and a forced layout before the first rows can
 * paint (issue 12). Read once: the virtualiser uses it only when it is created, and reading the
 * window's size on every render can itself force a layout.
 */
export function useInitialWindowRect(): { width: number; height: number } {
  const [rect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  return rect;
}
