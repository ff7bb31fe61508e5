import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures.ts';
import { settle, TOURS } from '../support/screens.ts';

/** Issue 13: no serious or critical axe violation on any screen, in either theme. */
const BLOCKING = new Set(['serious', 'critical']);

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility in ${theme}`, () => {
    test.use({ theme });

    for (const tour of TOURS) {
      test(`${tour.title} have no serious or critical accessibility violations in ${theme}`, async ({
        page,
        api,
        signUp,
      }, testInfo) => {
        // A tour stops at many states and axe takes a while at each.
        test.slow();
        // axe judges what a screen settles into; frames of a fade (the top bar's, a hover's
        // colour transition) blend colours that are never at rest, so motion is reduced here.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const blocking: string[] = [];
        let states = 0;
        await tour.walk({ page, api, signUp }, async (name, { within } = {}) => {
          await settle(page);
          const axe = new AxeBuilder({ page });
          if (within) axe.include(within);
          const { violations } = await axe.analyze();
          states++;
          for (const violation of violations) {
            if (!BLOCKING.has(violation.impact ?? '')) continue;
            const nodes = violation.nodes.map(
              (node) =>
                `${node.target.join(' ')}: ${node.any.map((check) => check.message).join('; ')}`,
            );
            blocking.push(`${name}: ${violation.id} (${violation.impact}) — ${nodes.join(' | ')}`);
          }
        });
        testInfo.annotations.push({ type: 'axe', description: `${states} states checked` });
        expect(blocking).toEqual([]);
      });
    }
  });
}
