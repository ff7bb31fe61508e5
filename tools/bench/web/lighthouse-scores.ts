import fs from 'node:fs';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '@hustle/server/testing/ports';
import { startService } from '../processes.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { keepToken } from './in-page.ts';
import type { LighthousePreset, LighthouseScore } from './web-results.ts';
import { reasonOf } from './screen-timings.ts';

export interface LighthouseTarget {
  origin: string;
  token: string;
  path: string;
  preset: LighthousePreset;
  /** Where the browser profile and its log go (the bench's temp dir, removed at its end). */
  dir: string;
}

/**
 * One Lighthouse performance run of a signed-in screen, on the production build. A Chromium of
 * its own (a fresh profile: cold cache, no offline worker, no stored workspace) listens on a
 * debugging port; Playwright signs it in over that port (the token in localStorage, set on a
 * page of the app's origin that does not load the app), then Lighthouse opens the screen there
 * without resetting storage, so the session survives. Mobile is Lighthouse's default (a phone's
 * screen, simulated slow 4G and a 4× slower CPU); desktop is its desktop preset.
 */
export async function lighthouseScore(target: LighthouseTarget): Promise<LighthouseScore> {
  const profile = fs.mkdtempSync(path.join(target.dir, `chromium-${target.preset}-`));
  const port = await freePort();
  const browser = await startService({
    name: 'Chromium for Lighthouse',
    command: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    env: { HOME: profile },
    port,
    readyPath: '/json/version',
    logFile: path.join(target.dir, 'chromium-lighthouse.log'),
  });
  const unmeasured = { path: target.path, preset: target.preset, score: null };
  try {
    await signIn(browser.origin, target);
    const flags: Flags = {
      port,
      hostname: '127.0.0.1',
      disableStorageReset: true,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    };
    const run = await lighthouse(
      `${target.origin}${target.path}`,
      flags,
      target.preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!run) return { ...unmeasured, ...noMetrics, failure: 'Lighthouse gave no result' };
    return scoreOf(run.lhr, target);
  } catch (error) {
    return { ...unmeasured, ...noMetrics, failure: reasonOf(error) };
  } finally {
    // The profile stays for the bench's temp dir to go with: Chromium's helper processes can
    // still be writing its cache for a moment after the browser has exited.
    await browser.stop();
  }
}

const noMetrics = { fcpMs: null, lcpMs: null, tbtMs: null, cls: null };

async function signIn(debuggingOrigin: string, target: LighthouseTarget): Promise<void> {
  const browser = await chromium.connectOverCDP(debuggingOrigin);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context to sign in');
    const page = await context.newPage();
    await page.goto(`${target.origin}/readyz`);
    await page.evaluate(keepToken, target.token);
    await page.close();
  } finally {
    await browser.close();
  }
}

function scoreOf(lhr: Result, target: LighthouseTarget): LighthouseScore {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const shown = new URL(lhr.finalDisplayedUrl).pathname;
  const failure = lhr.runtimeError
    ? lhr.runtimeError.message
    : shown !== target.path
      ? `ended on ${shown}, not ${target.path}`
      : undefined;
  const score = lhr.categories.performance?.score;
  return {
    path: target.path,
    preset: target.preset,
    score: failure || score === null || score === undefined ? null : score * 100,
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    ...(failure ? { failure } : {}),
  };
}
