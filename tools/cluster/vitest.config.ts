import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: three production servers behind nginx on PostgreSQL. Not part of the
// unit run (apps/server/vitest.config.ts collects src/ and bench/ only).
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
