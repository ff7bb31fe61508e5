/** issue 12: the JavaScript a first visit loads before anything else, at most 120 kB gzip. */
export const INITIAL_JS_BUDGET_BYTES = 120_000;

const attribute = (tag: string, name: string) =>
  tag.match(new RegExp(`\\s${name}=["']?([^"'\\s>]+)`, 'i'))?.[1];

/**
 * The scripts index.html loads up front: module scripts and the chunks it preloads (Vite
 * preloads every static import of the entry). Lazy chunks are neither, so they do not count.
 */
export function initialScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].flatMap(([tag]) => {
    const src = attribute(tag, 'src');
    return src ? [src] : [];
  });
  const preloads = [...html.matchAll(/<link\b[^>]*>/gi)].flatMap(([tag]) => {
    const href = attribute(tag, 'href');
    return attribute(tag, 'rel') === 'modulepreload' && href ? [href] : [];
  });
  return [...new Set([...scripts, ...preloads])];
}

/** Vite's unit: 1 kB = 1,000 bytes, so the figure matches the build's own report. */
export const formatKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
