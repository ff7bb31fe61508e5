import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { apiOf, type Api, type SignedInUser } from './api.ts';
import { TIME_ZONE, VIEWPORTS, type Theme, type Viewport } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export { expect };

export interface PageOptions {
  viewport?: Viewport;
  theme?: Theme;
  /** A phone's touch screen: touch input and no hover, so (hover: none) styles apply. */
  touch?: boolean;
}

interface PageProblems {
  /** Collects uncaught errors and CSP violations from every page the context opens. */
  watch(context: BrowserContext): void;
}

interface TestFixtures {
  /** The app's theme (kept in localStorage, spec §3), for every page the test opens. */
  theme: Theme;
  api: Api;
  /** A new user, signed in over the API, at an address no other test of this server uses. */
  signUp: (name: string) => Promise<SignedInUser>;
  /** A page in a context of its own (another person, size or theme), closed after the test. */
  newPage: (options?: PageOptions) => Promise<Page>;
  pageProblems: PageProblems;
}

interface WorkerFixtures {
  server: RunningServer;
}

/** The instance admin of the scenarios' server (ADMIN_EMAILS, decision 057). */
export const ADMIN_EMAIL = 'admin@example.com';

let addresses = 0;
/** Each worker has its own server, so a counter in the worker keeps addresses apart. */
export const uniqueEmail = (name: string) => `${name}.${++addresses}@example.com`;

async function applyTheme(context: BrowserContext, theme: Theme) {
  await context.addInitScript((value) => {
    // A new tab's about:blank has no storage; and only a first visit sets the theme, so a test
    // that switches it keeps its choice over reloads.
    if (window.location.protocol !== 'http:') return;
    if (!localStorage.getItem('hustleTheme')) localStorage.setItem('hustleTheme', value);
  }, theme);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const server = await startServer({
        // One server serves the whole run from one address, unlike real users.
        AUTH_IP_CODE_REQUESTS_PER_10_MIN: '100000',
        AUTH_IP_FAILURES_PER_10_MIN: '100000',
        ADMIN_EMAILS: ADMIN_EMAIL,
        // The webhook scenario's receiver listens on this machine (decision 071).
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],

  baseURL: async ({ server }, use) => use(server.url),

  theme: ['light', { option: true }],
  // The server's own pages (magic-link confirm, sandbox checkout) follow the system's scheme.
  colorScheme: async ({ theme }, use) => use(theme),

  context: async ({ context, theme }, use) => {
    await applyTheme(context, theme);
    await use(context);
  },

  pageProblems: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const watchPage = (page: Page) => {
        page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
        page.on('console', (message) => {
          if (
            message.type() === 'error' &&
            /Content Security Policy|Refused to/.test(message.text())
          ) {
            problems.push(`${page.url()}: ${message.text()}`);
          }
        });
      };
      const watch = (watched: BrowserContext) => {
        watched.pages().forEach(watchPage);
        watched.on('page', watchPage);
      };
      watch(context);
      await use({ watch });
      expect(problems, 'uncaught errors and CSP violations in the pages').toEqual([]);
    },
    { auto: true },
  ],

  api: async ({ server }, use) => use(apiOf(server)),

  signUp: async ({ api }, use) => use((name) => api.signIn(uniqueEmail(name))),

  newPage: async ({ browser, baseURL, theme, serviceWorkers, pageProblems }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ viewport = 'desktop', theme: pageTheme = theme, touch = false } = {}) => {
      const context = await browser.newContext({
        baseURL,
        colorScheme: pageTheme,
        viewport: VIEWPORTS[viewport],
        timezoneId: TIME_ZONE,
        serviceWorkers,
        ...(touch ? { isMobile: true, hasTouch: true } : {}),
      });
      contexts.push(context);
      await applyTheme(context, pageTheme);
      pageProblems.watch(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});
