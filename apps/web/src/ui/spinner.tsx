/**
 * Decorative: the surrounding element carries the status text for assistive tech. Styled in
 * global.css, since the page index.html paints shows it before any module's styles load.
 */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
