import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TIME_ZONE, VIEWPORTS } from './support/browser.ts';

const ACCESSIBILITY = /accessibility\.spec\.ts$/;

/**
 * Browser scenarios against the real server (started by the `server` fixture). `scenarios` and
 * `accessibility` are what `npm test` runs; `screenshots` only writes PNGs for a person to look at (`npm run screenshots`).
 */
export default defineConfig({
  // Two cores: one browser at a time, next to the server it drives.
  workers: 1,
  fullyParallel: false,
  // A flaky scenario is fixed, not retried.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'artifacts/test-results',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: VIEWPORTS.desktop,
    timezoneId: TIME_ZONE,
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    // The offline worker (decision 028) would answer navigations from its cache; the scenarios
    // that are about it allow it (tests/offline.spec.ts), the others see the network as it is.
    serviceWorkers: 'block',
  },
  projects: [
    // The axe tours, the slowest file, can be run alone: `npm run test:accessibility`.
    { name: 'scenarios', testDir: 'tests', testIgnore: ACCESSIBILITY },
    { name: 'accessibility', testDir: 'tests', testMatch: ACCESSIBILITY },
    { name: 'screenshots', testDir: 'screenshots' },
  ],
});
