import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

// These scenarios are about the offline worker itself (decision 028).
test.use({ serviceWorkers: 'allow' });

/** Waits until the offline worker is installed, active and controls the page. */
async function whenControlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

test.describe('offline', () => {
  test('the app installs, opens with no network, and leaves the server pages to the server', async ({
    page,
    context,
    request,
  }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      name: 'Hustle',
      display: 'standalone',
      start_url: '/execute',
    });
    expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toContain('maskable');
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
    }

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible();
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
    // The first visit installs the worker, which takes the page over at once.
    await whenControlled(page);

    // Navigations to the server's own paths still reach the server, not the app's page.
    for (const path of ['/healthz', '/api/docs/json', '/auth/magic/confirm?token=x']) {
      const answer = await page.goto(path);
      expect(await answer?.text(), path).not.toContain('<div id="root">');
    }

    await context.setOffline(true);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible();
    const serverPage = await page.goto('/healthz').catch((error: Error) => error);
    expect(serverPage).toBeInstanceOf(Error);
    await context.setOffline(false);
  });
});
