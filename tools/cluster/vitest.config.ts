import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: three production servers behind nginx on PostgreSQL. Not part of the
// unit run (tools/vitest.config.ts collects bench/ only).
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // One cluster serves every test of the file, in order.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
