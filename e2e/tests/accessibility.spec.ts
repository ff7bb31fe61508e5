import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { settle, TOURS } from '../support/screens.ts';

/** Issue 13: no serious or critical axe violation on any screen, in either theme. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * The rules whose verdict depends on colour. Everything else axe checks (names, roles, structure,
 * focus) reads the same DOM in either theme, so the dark pass runs only these: one walk of a tour
 * checks both themes at every stop, where a walk per theme took twice the time.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Theme = 'light' | 'dark';

/** Follows the system's scheme (the app's 'system' theme), so a stop can be looked at in both. */
async function showIn(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  // The server's own pages follow the scheme with no data-theme; the app's switch on the media
  // query's change event, which React renders a moment later (later still under a faked clock).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const scheme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
        return { scheme, app: document.documentElement.dataset.theme ?? scheme };
      }),
    )
    .toEqual({ scheme: theme, app: theme });
  await settle(page);
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

function blockingIn(violations: Violations, stop: string, theme: Theme) {
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) => `${node.target.join(' ')}: ${node.any.map((check) => check.message).join('; ')}`,
      );
      return `${stop} (${theme}): ${violation.id} (${violation.impact}) — ${nodes.join(' | ')}`;
    });
}

test.describe('accessibility in light and dark', () => {
  test.beforeEach(async ({ context }) => {
    // After the fixture's own script (which stores 'light'): the app follows the emulated scheme.
    await context.addInitScript(() => {
      if (window.location.protocol === 'http:') localStorage.setItem('hustleTheme', 'system');
    });
  });

  for (const tour of TOURS) {
    test(`${tour.title} have no serious or critical accessibility violations in light and dark`, async ({
      page,
      api,
      signUp,
    }, testInfo) => {
      // A tour stops at many states and axe takes a while at each, twice; and `npm test` runs
      // the tours beside the unit tests. Nothing here is timed, so the limit only catches a hang.
      test.setTimeout(6 * 60_000);
      // axe judges what a screen settles into; frames of a fade (the top bar's, a hover's
      // colour transition) blend colours that are never at rest, so motion is reduced here.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const blocking: string[] = [];
      let stops = 0;
      await tour.walk({ page, api, signUp }, async (name, { within } = {}) => {
        await showIn(page, 'light');
        const everything = new AxeBuilder({ page });
        if (within) everything.include(within);
        blocking.push(...blockingIn((await everything.analyze()).violations, name, 'light'));

        await showIn(page, 'dark');
        const colours = new AxeBuilder({ page }).withRules(COLOUR_RULES);
        if (within) colours.include(within);
        blocking.push(...blockingIn((await colours.analyze()).violations, name, 'dark'));

        await showIn(page, 'light');
        stops++;
      });
      testInfo.annotations.push({
        type: 'axe',
        description: `${stops} stops, each in both themes`,
      });
      expect(stops).toBeGreaterThan(0);
      expect(blocking).toEqual([]);
    });
  }
});
