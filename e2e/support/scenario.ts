import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface Scenario {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * One real server on a fresh database and one Chromium for the describe block it is called in,
 * both stopped after its last test. `server` and `browser` exist once beforeAll has run, so read
 * them inside tests and hooks, not while the block is being declared.
 */
export function useScenario(env: Record<string, string> = {}): Scenario {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('The scenario’s server is read before beforeAll started it');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The scenario’s browser is read before beforeAll launched it');
      return browser;
    },
  };
}
