import { defineConfig } from 'vitest/config';

// `npm run test:clients`: calendar programs from Debian against the production build, on SQLite
// and on PostgreSQL when TEST_DATABASE_URL is set. Not part of the unit run (tools/vitest.config.ts
// collects bench/ only): it starts the built server, as `npm start` does.
export default defineConfig({
  test: {
    name: 'clients',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // Each test runs Python programs a dozen times over, a start-up each.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
