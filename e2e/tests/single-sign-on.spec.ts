import { expect, test, type Page } from '@playwright/test';
import { freePort } from '@hustle/server/testing/ports';
import {
  startTestProvider,
  TEST_OIDC_CLIENT,
  testIssuer,
  type TestProvider,
} from '@hustle/server/testing/oidc-provider';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * Decision 058 in Chromium: the login screen's "Sign in with <name>", the provider's own login
 * and consent forms (a real `oidc-provider`), and back to the app signed in.
 */
test.describe('single sign-on', () => {
  let server: RunningServer;
  let provider: TestProvider;

  test.beforeAll(async () => {
    // The app is told the issuer before the provider, which needs the app's address, starts.
    const port = await freePort();
    server = await startServer({
      OIDC_ISSUER_URL: testIssuer(port),
      OIDC_CLIENT_ID: TEST_OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.secret,
      OIDC_NAME: 'Acme ID',
    });
    provider = await startTestProvider(
      server.url,
      {
        ada: { email: 'ada@example.com', email_verified: true },
        cy: { email: 'cy@example.com', email_verified: false },
      },
      port,
    );
  });
  test.afterAll(async () => {
    await provider.close();
    await server.stop();
  });

  async function throughProvider(page: Page, login: string) {
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await page.waitForURL(`${provider.issuer}/**`);
    await page.getByPlaceholder('Enter any login').fill(login);
    await page.getByPlaceholder('and password').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  test('signs in through the provider and lands in the app, no token left in the address', async ({
    page,
  }) => {
    await throughProvider(page, 'ada');
    await page.waitForURL('**/execute');
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('button', { name: 'ada@example.com' })).toBeVisible();
  });

  test('an unverified address comes back to the login screen with the reason', async ({ page }) => {
    await throughProvider(page, 'cy');
    await page.waitForURL('**/login?error=*');
    await expect(page.getByRole('alert')).toHaveText(
      'Your e-mail address cy@example.com is not verified there, so it cannot sign in to Hustle. ' +
        'Verify it with your sign-in provider and try again.',
    );
    await expect(page.getByRole('link', { name: 'Sign in with Acme ID' })).toBeVisible();
  });
});
