import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkFilesOf } from './first-screen-preloads.ts';

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  css: string[] = [],
  isEntry = false,
) =>
  ({
    type: 'chunk',
    fileName,
    moduleIds,
    imports,
    isEntry,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk;

const bundleOf = (...chunks: Rollup.OutputChunk[]) =>
  Object.fromEntries(chunks.map((item) => [item.fileName, item])) as Rollup.OutputBundle;

const bundle = bundleOf(
  chunk('assets/index-1.js', ['/src/main.tsx'], ['assets/react-2.js'], [], true),
  chunk('assets/react-2.js', ['/node_modules/react/index.js']),
  chunk(
    'assets/plan-screen-3.js',
    ['/src/plan-screen.tsx'],
    ['assets/list-4.js', 'assets/react-2.js'],
    ['assets/plan-screen-3.css'],
  ),
  chunk(
    'assets/list-4.js',
    ['/src/list.tsx', '/src/row.tsx'],
    ['assets/plan-screen-3.js'],
    ['assets/list-4.css'],
  ),
  chunk('assets/execute-screen-5.js', ['/src/execute-screen.tsx'], ['assets/list-4.js']),
);

describe('the files a first screen needs', () => {
  it('are its chunk and what that imports, once each, without what the entry loads', () => {
    expect(chunkFilesOf(bundle, ['/src/plan-screen.tsx'])).toEqual({
      scripts: ['/assets/plan-screen-3.js', '/assets/list-4.js'],
      styles: ['/assets/plan-screen-3.css', '/assets/list-4.css'],
    });
  });

  it('find a module inside a chunk named after another', () => {
    expect(chunkFilesOf(bundle, ['/src/row.tsx']).scripts).toEqual([
      '/assets/list-4.js',
      '/assets/plan-screen-3.js',
    ]);
  });

  it('stop the build when a module is in no chunk', () => {
    expect(() => chunkFilesOf(bundle, ['/src/gone.tsx'])).toThrow(/No chunk holds \/src\/gone.tsx/);
  });
});
