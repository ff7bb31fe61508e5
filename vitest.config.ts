import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace's unit and API tests; e2e has its own config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'tools'],
  },
});
