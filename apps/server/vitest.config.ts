import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each worker loads the app's modules once for all its files rather than once per file (the
    // tests share no module state: every one builds its own app): the import time was most of
    // the run (72 s of 110 s on a quarter of the files, 17 s without).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
