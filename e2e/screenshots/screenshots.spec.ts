import path from 'node:path';
import { VIEWPORTS, type Viewport } from '../support/browser.ts';
import { test } from '../support/fixtures.ts';
import { settle, TOURS } from '../support/screens.ts';

/**
 * Not a test: pictures of every screen at both sizes in both themes, for a person to look at
 * (`npm run screenshots`). Nothing is compared; the scenarios hold the assertions.
 */
const OUT_DIR = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');

for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${viewport} in ${theme}`, () => {
      test.use({
        theme,
        viewport: VIEWPORTS[viewport],
        ...(viewport === 'mobile' ? { isMobile: true, hasTouch: true } : {}),
      });

      for (const tour of TOURS) {
        test(`pictures of ${tour.title}, ${viewport}, ${theme}`, async ({ page, api, signUp }) => {
          test.slow();
          await tour.walk({ page, api, signUp }, async (name, { fullPage = false } = {}) => {
            await settle(page);
            await page.screenshot({
              path: path.join(OUT_DIR, `${name}-${viewport}-${theme}.png`),
              fullPage,
            });
          });
        });
      }
    });
  }
}
