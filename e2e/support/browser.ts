import type { Browser, Page } from '@playwright/test';

/** Debian's Chromium, never a downloaded build; these flags keep it off the (closed) network. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

/** DESIGN.md: every screen must look deliberate at these two sizes. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export type Viewport = keyof typeof VIEWPORTS;
export type Theme = 'light' | 'dark';

/** Scenarios run in UTC, so "today" in a page is the server's UTC date. */
export const TIME_ZONE = 'UTC';

/**
 * A page at one of the two sizes in one theme (a phone's touch screen at the small one), for
 * pictures of servers started with settings of their own, outside the fixtures. Closed with
 * its context.
 */
export async function picturePage(
  browser: Browser,
  viewport: Viewport,
  theme: Theme,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    colorScheme: theme,
    timezoneId: TIME_ZONE,
    ...(viewport === 'mobile' ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript((value) => localStorage.setItem('hustleTheme', value), theme);
  return context.newPage();
}
