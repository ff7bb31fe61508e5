import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
      setupFiles: ['src/test/setup.ts'],
      // One page per worker for all its files, not one per file (about 150 s → 20 s). The setup
      // file puts back, after every test, what the app keeps for a page's life: the body, the
      // open outbox, the stores, the local data.
      isolate: false,
      // Nothing here is timed: the limit only catches a hang. The long-list tests render
      // hundreds of rows and take seconds of a busy machine's time (CI runs three workers on
      // two cores).
      testTimeout: 15_000,
    },
  }),
);
