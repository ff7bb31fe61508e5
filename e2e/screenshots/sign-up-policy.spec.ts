import path from 'node:path';
import { expect, test } from '@playwright/test';
import { picturePage, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { settle } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * Not a test: the login screen refusing a new address (decision 056) at both sizes in both
 * themes, on an invite-only server and on one for a team's own domain.
 */
const OUT_DIR = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');

const servers: Partial<Record<'closed' | 'domains', RunningServer>> = {};
test.beforeAll(async () => {
  servers.closed = await startServer({ SIGNUP: 'closed' });
  servers.domains = await startServer({ SIGNUP: 'domains', SIGNUP_DOMAINS: 'acme.example' });
});
test.afterAll(async () => {
  await servers.closed?.stop();
  await servers.domains?.stop();
});

const SHOTS = [
  { name: 'sign-up-closed', server: 'closed', refusal: /This Hustle is invite-only/ },
  { name: 'sign-up-domains', server: 'domains', refusal: /New accounts here are for addresses at/ },
] as const;

for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`sign-up refusal pictures, ${viewport}, ${theme}`, async ({ browser }) => {
      const page = await picturePage(browser, viewport, theme);
      for (const shot of SHOTS) {
        await page.goto(`${servers[shot.server]!.url}/login`);
        await page.getByLabel('Email').fill('newcomer@elsewhere.example');
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByText(shot.refusal)).toBeVisible();
        await settle(page);
        await page.screenshot({
          path: path.join(OUT_DIR, `${shot.name}-${viewport}-${theme}.png`),
        });
      }
      await page.context().close();
    });
  }
}
