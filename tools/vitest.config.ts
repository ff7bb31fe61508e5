import { defineConfig } from 'vitest/config';

// The bench's own unit tests run in `npm run test:unit`; the cluster test, which starts three
// servers and nginx, has a config of its own (cluster/vitest.config.ts).
export default defineConfig({
  test: {
    name: 'tools',
    include: ['bench/**/*.test.ts'],
    environment: 'node',
    isolate: false,
  },
});
