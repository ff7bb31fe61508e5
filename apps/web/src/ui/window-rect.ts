/**
 * The window's size now, for a window-scrolled virtualiser's first render: without it the
 * virtualiser starts from a 0×0 window, renders no rows, and renders again once it has measured
 * the window — a second pass and a forced layout before the first rows can paint (issue 12).
 */
export function windowRect(): { width: number; height: number } {
  return typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight };
}
