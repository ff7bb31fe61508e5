import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export async function newPage(
  browser: Browser,
  baseURL: string,
  options: {
    viewport?: keyof typeof VIEWPORTS;
    colorScheme?: 'light' | 'dark';
    timezoneId?: string;
    /** A phone's touch screen: touch input and no hover, so (hover: none) styles apply. */
    hasTouch?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'light',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.hasTouch ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  // Any uncaught error or CSP violation in the page fails the scenario that collects it.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) {
      errors.push(message.text());
    }
  });
  return { context, page, errors };
}

/** Screenshots land in e2e/artifacts (ignored by git) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(import.meta.dirname, '..', 'artifacts');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
