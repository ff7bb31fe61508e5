import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace's unit and API tests; e2e has its own config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'tools'],
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine.
    // Most API tests wait on PostgreSQL, timers or a child process rather than compute, so three
    // workers halve the run there (1,203 s to 623 s measured) with every test still passing.
    maxWorkers: 3,
  },
});
