import { defineConfig } from 'vitest/config';

// Browser scenarios: one server and one Chromium per file, files one after another (2 cores).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
