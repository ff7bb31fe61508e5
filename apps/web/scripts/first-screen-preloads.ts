import type { Plugin, Rollup } from 'vite';
import { API_CLIENT, EXECUTE_SCREEN, PLAN_SCREEN } from './first-screens.ts';

type Preloads = { scripts: string[]; styles: string[] };

/**
 * The files of the chunks that hold `modules` and everything those import statically, leaving
 * out what the entry already loads; as the page's own absolute paths.
 */
export function chunkFilesOf(bundle: Rollup.OutputBundle, modules: string[]): Preloads {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loadedByEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  const found = new Set<Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || found.has(chunk) || loadedByEntry.has(chunk.fileName)) return;
    found.add(chunk);
    chunk.imports.forEach((file) => visit(chunks.find((other) => other.fileName === file)));
  };
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(module));
    if (!chunk) throw new Error(`No chunk holds ${module}: check first-screen-preloads.ts`);
    visit(chunk);
  }
  return {
    scripts: [...found].map((chunk) => `/${chunk.fileName}`),
    styles: [...found].flatMap((chunk) =>
      [...(chunk.viteMetadata?.importedCss ?? [])].map((file) => `/${file}`),
    ),
  };
}

/**
 * A signed-in visit fetches its screen's scripts while the entry script downloads, instead of
 * after it has run (decision 037): the built page gets an inline script that, when a token is
 * stored, adds `modulepreload` links for the API client and the screen of the address opened.
 * A signed-out visit loads none of them, so they are not part of the initial JavaScript.
 * The links are `crossorigin` as Vite's loader asks for the files: a preload in another
 * credentials mode is not used, and the file downloads twice.
 */
export function firstScreenPreloads(): Plugin {
  return {
    name: 'hustle-first-screen-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const screens = {
          api: chunkFilesOf(bundle, API_CLIENT),
          plan: chunkFilesOf(bundle, [PLAN_SCREEN]),
          execute: chunkFilesOf(bundle, [EXECUTE_SCREEN]),
        };
        const script = `
      try {
        if (localStorage.getItem('hustleToken')) {
          const files = ${JSON.stringify(screens)};
          const screen = location.pathname === '/plan' ? files.plan : files.execute;
          const link = (rel, href) => {
            const element = document.createElement('link');
            element.rel = rel;
            element.href = href;
            element.crossOrigin = '';
            if (rel === 'preload') element.as = 'style';
            document.head.append(element);
          };
          new Set([...files.api.scripts, ...screen.scripts]).forEach((href) => link('modulepreload', href));
          screen.styles.forEach((href) => link('preload', href));
        }
      } catch {}
    `;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
