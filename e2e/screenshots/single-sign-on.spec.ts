import path from 'node:path';
import { test } from '@playwright/test';
import { picturePage, VIEWPORTS, type Viewport } from '../support/browser.ts';
import { settle } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * Not a test: the login screen with single sign-on (decision 058) at both sizes in both themes,
 * beside the e-mail form, alone (OIDC_ONLY) and with a refusal. The login screen only asks the
 * server what is on, so no provider needs to run.
 */
const OUT_DIR = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const SSO = {
  OIDC_ISSUER_URL: 'http://127.0.0.1:9/',
  OIDC_CLIENT_ID: 'hustle',
  OIDC_NAME: 'Acme ID',
};

const servers: Partial<Record<'both' | 'only', RunningServer>> = {};
test.beforeAll(async () => {
  servers.both = await startServer(SSO);
  servers.only = await startServer({ ...SSO, OIDC_ONLY: 'true' });
});
test.afterAll(async () => {
  await servers.both?.stop();
  await servers.only?.stop();
});

const refused = encodeURIComponent(
  'Your e-mail address cy@example.com is not verified there, so it cannot sign in to Hustle. ' +
    'Verify it with your sign-in provider and try again.',
);
const SHOTS = [
  { name: 'login-sso', server: 'both', path: '/login' },
  { name: 'login-sso-only', server: 'only', path: '/login' },
  { name: 'login-sso-refused', server: 'both', path: `/login?error=${refused}` },
] as const;

for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`single sign-on login pictures, ${viewport}, ${theme}`, async ({ browser }) => {
      const page = await picturePage(browser, viewport, theme);
      for (const shot of SHOTS) {
        await page.goto(`${servers[shot.server]!.url}${shot.path}`);
        await page.getByRole('link', { name: 'Sign in with Acme ID' }).waitFor();
        await settle(page);
        await page.screenshot({
          path: path.join(OUT_DIR, `${shot.name}-${viewport}-${theme}.png`),
        });
      }
      await page.context().close();
    });
  }
}
