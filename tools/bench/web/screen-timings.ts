import type { Browser, Page } from 'playwright-core';
import { APP_RENDER_MARK } from '@hustle/shared/performance-marks';
import { DESKTOP_VIEWPORT } from './chromium.ts';
import {
  checkTimings,
  idle,
  keepToken,
  markSet,
  renderTimings,
  TRANSPILER_HELPER,
  watchPage,
  type RenderWatch,
} from './in-page.ts';

const CHECK = 'check';
const SHOWN_WITHIN_MS = 30_000;
const PAINTED_WITHIN_MS = 10_000;
/** How long the page may stay busy before the check is pressed anyway. */
const IDLE_WITHIN_MS = 2_000;

export interface ScreenVisit {
  origin: string;
  token: string;
  workspaceId: string;
  path: string;
  render: RenderWatch;
}

export interface OpenScreen {
  page: Page;
  /**
   * Milliseconds to the frame that shows the screen: from the later of the workspace answer's
   * last byte and the app's start of rendering, and from the page's navigation.
   */
  renderMs: number;
  shownMs: number;
  close(): Promise<void>;
}

/**
 * A first visit: a new context (empty cache and storage, so no copy of the workspace is restored
 * before the answer comes), signed in, the screen opened and watched until it is painted. The
 * offline worker is blocked, as in the e2e scenarios: the visit measures the app, not a cache.
 */
export async function openScreen(browser: Browser, visit: ScreenVisit): Promise<OpenScreen> {
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, serviceWorkers: 'block' });
  const close = () => context.close();
  try {
    await context.addInitScript({ content: TRANSPILER_HELPER });
    await context.addInitScript(keepToken, visit.token);
    await context.addInitScript(watchPage, { render: visit.render, check: CHECK });
    const page = await context.newPage();
    await page.goto(`${visit.origin}${visit.path}`);
    const painted = `${visit.render.name}:painted`;
    if (!(await page.evaluate(markSet, { name: painted, timeoutMs: SHOWN_WITHIN_MS }))) {
      throw new Error(notWithin('not shown', SHOWN_WITHIN_MS, page));
    }
    const timings = await page.evaluate(renderTimings, {
      name: visit.render.name,
      workspacePath: `/workspaces/${visit.workspaceId}`,
      appRenderMark: APP_RENDER_MARK,
    });
    const { responseEnd, appRender, painted: paintedAt } = timings;
    if (responseEnd === null || paintedAt === null) {
      throw new Error('no workspace answer arrived before the screen was painted');
    }
    if (appRender === null) throw new Error(`the app set no ${APP_RENDER_MARK} mark`);
    // The screen has what it needs once both its data and its code are there (decision 038).
    return {
      page,
      renderMs: paintedAt - Math.max(responseEnd, appRender),
      shownMs: paintedAt,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Presses the first open task's check box once the page is idle, as a person would: milliseconds
 * from its pointerdown to the frame that shows it checked. Playwright presses and releases at
 * once; the app checks the box on the click that follows (spec §4).
 */
export async function measureCheck(page: Page): Promise<number> {
  await page.evaluate(idle, IDLE_WITHIN_MS);
  await page.locator('[data-task-row] [role="checkbox"][aria-checked="false"]').first().click();
  const checked = `${CHECK}:painted`;
  if (!(await page.evaluate(markSet, { name: checked, timeoutMs: PAINTED_WITHIN_MS }))) {
    throw new Error(notWithin('check not painted', PAINTED_WITHIN_MS, page));
  }
  const { pointerdown, painted } = await page.evaluate(checkTimings, CHECK);
  if (pointerdown === null || painted === null) throw new Error('no pointerdown on a check box');
  return painted - pointerdown;
}

/** Where the page was says why (a sign-in that failed lands on /welcome). */
function notWithin(what: string, ms: number, page: Page): string {
  return `${what} within ${ms / 1000} s (at ${new URL(page.url()).pathname})`;
}

/** A failure as one short line for the table. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 120);
}
