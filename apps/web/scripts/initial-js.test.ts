import { describe, expect, it } from 'vitest';
import { formatKb, initialScripts } from './initial-js.ts';

describe('initial scripts of index.html', () => {
  it('counts the entry script and its modulepreloads, once each, and nothing lazy', () => {
    const html = `<!doctype html><html><head>
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
      <link rel="modulepreload" crossorigin href="/assets/vendor-2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-3.css">
      <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
      <link crossorigin href="/assets/vendor-2.js" rel="modulepreload">
    </head><body><div id="root"></div></body></html>`;
    expect(initialScripts(html)).toEqual([
      '/assets/index-abc.js',
      '/assets/runtime-1.js',
      '/assets/vendor-2.js',
    ]);
  });

  it('finds nothing in a page without scripts', () => {
    expect(initialScripts('<html><body>hi</body></html>')).toEqual([]);
  });

  it('writes sizes in kB as Vite does', () => {
    expect(formatKb(103_141)).toBe('103.1 kB');
    expect(formatKb(120_000)).toBe('120.0 kB');
  });
});
