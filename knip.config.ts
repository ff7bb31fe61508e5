import type { KnipConfig } from 'knip';

// Unused files, exports and dependencies fail `npm run lint` (docs/decisions/012). Knip's own
// plugins read the vitest, playwright, vite, tsup, eslint and prettier configs of each
// workspace.
export default {
  // An export the rest of its own file uses is the file's designed surface (STYLE: one file per
  // API operation holds its fetcher, query and hook); one used nowhere at all is still reported.
  ignoreExportsUsedInFile: true,
  // The workspace packages are consumed only inside this repository, so their public exports
  // count as unused when nothing here imports them.
  includeEntryExports: true,
  ignoreIssues: {
    // Frozen migrations (STYLE 4): Kysely's migrator calls their up/down through a namespace.
    'apps/server/src/db/migrations/*.ts': ['exports'],
  },
  workspaces: {
    '.': {},
    'packages/shared': { project: ['src/**/*.ts'] },
    'apps/server': { project: ['src/**/*.ts'] },
    'apps/web': {
      project: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    },
    e2e: { project: ['support/**/*.ts', 'tests/**/*.ts'] },
    tools: {
      // bench/run.ts (the `bench` script) starts the hello server and the load generator as
      // processes of their own; the cluster and clients tests have vitest configs of their own.
      entry: [
        'bench/hello-server.ts',
        'bench/load-worker.ts',
        'cluster/vitest.config.ts',
        'cluster/**/*.test.ts',
        'clients/**/*.test.ts',
      ],
      project: ['bench/**/*.ts', 'cluster/**/*.ts', 'clients/**/*.ts'],
    },
  },
} satisfies KnipConfig;
