import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { longDate } from '../support/dates.ts';
import { useScenario } from '../support/scenario.ts';
import type { RunningServer } from '../support/server.ts';
import {
  apiAs,
  openSignedIn,
  putOnFreePlan,
  signInOverApi,
  type SignedInUser,
} from '../support/session.ts';

async function seedProjects(server: RunningServer, user: SignedInUser, count: number) {
  for (let index = 1; index <= count; index++) {
    await apiAs(server, user, 'POST', '/api/v1/projects', {
      workspaceId: user.workspaceId,
      name: `Project ${index}`,
    });
  }
}

const card = (page: Page, name: 'Free' | 'Premium') =>
  page.getByRole('article', { name, exact: true });

describe('plans and payments', () => {
  const scenario = useScenario();

  it('a Free user at the project limit upgrades through the sandbox checkout and the limit goes', async () => {
    const { server, browser } = scenario;
    const user = await signInOverApi(server, 'free-at-limit@example.com');
    await seedProjects(server, user, 5);
    await putOnFreePlan(server, user);
    const { context, page, errors } = await newPage(browser, server.url);

    await openSignedIn(page, user, '/plan');
    const newProject = page.getByRole('button', { name: '+ New Project' });
    await newProject.waitFor();
    expect(await newProject.isDisabled()).toBe(true);
    await page.getByText('Your plan allows 5 projects.').waitFor();
    await page.getByRole('link', { name: 'Upgrade to Premium' }).click();

    await page.waitForURL('**/subscription**');
    await page.getByRole('heading', { name: 'Subscription', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Pricing' }).waitFor();
    await page.getByRole('heading', { name: 'Free', level: 2 }).waitFor();
    await card(page, 'Free').getByText('Current plan').waitFor();
    expect(await page.getByText('Valid unitl:').count()).toBe(0);
    expect(await card(page, 'Premium').getByText('5$', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Saving 20%').count()).toBe(0);

    await page.getByRole('switch', { name: 'Billed annualy' }).click();
    await card(page, 'Premium').getByText('Saving 20%').waitFor();
    expect(await card(page, 'Premium').getByText('4$', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'subscription-free-annual-desktop');

    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/billing/sandbox-checkout/**');
    await page.getByText('Sandbox · no real payment').waitFor();
    await page.getByRole('button', { name: 'Pay 48$' }).click();

    await page.waitForURL('**/subscription/success');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    const yearAhead = new Date();
    yearAhead.setUTCFullYear(yearAhead.getUTCFullYear() + 1);
    await page.getByText(`Premium is active until ${longDate(yearAhead)}`).waitFor();
    await screenshot(page, 'payment-success-desktop');
    await page.getByRole('link', { name: 'Go back' }).click();

    await page.waitForURL(/\/subscription$/);
    await page.getByRole('heading', { name: 'Premium', level: 2 }).waitFor();
    await page.getByText(`Valid unitl: ${longDate(yearAhead)}`).waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to Premium' }).count()).toBe(0);
    await screenshot(page, 'subscription-premium-desktop');

    // The limit is gone without a reload: the workspace's access was read again.
    await page.getByRole('link', { name: 'Plan' }).click();
    await page.getByRole('button', { name: '+ New Project' }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: '+ New Project' }).isEnabled())
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cancelling the checkout comes back with Payment canceled! and nothing changes', async () => {
    const { server, browser } = scenario;
    const user = await signInOverApi(server, 'cancels@example.com');
    await putOnFreePlan(server, user);
    const { context, page, errors } = await newPage(browser, server.url, { viewport: 'mobile' });

    await openSignedIn(page, user, '/subscription');
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/billing/sandbox-checkout/**');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL('**/subscription?reason=cancel');
    await page.getByText('Payment canceled!').waitFor();
    await page.getByRole('heading', { name: 'Free', level: 2 }).waitFor();
    await screenshot(page, 'subscription-canceled-mobile');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the subscription screens look deliberate on both screen sizes and themes', async () => {
    const { server, browser } = scenario;
    const trial = await signInOverApi(server, 'trial@example.com');
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { context, page, errors } = await newPage(browser, server.url, {
          viewport,
          colorScheme,
        });
        await page.addInitScript(
          (theme) => localStorage.setItem('hustleTheme', theme),
          colorScheme,
        );
        await openSignedIn(page, trial, '/subscription?reason=projects');
        await page.getByText('Free Trial').waitFor();
        await page.getByText('Your Free plan allows 5 projects.', { exact: false }).waitFor();
        await page.getByText(/^Valid unitl: \d{1,2} [A-Z][a-z]+ \d{4}$/).waitFor();
        await page.getByRole('button', { name: 'Upgrade to Premium' }).waitFor();
        await page.waitForTimeout(600);
        await screenshot(page, `subscription-trial-${viewport}-${colorScheme}`);
        await page.screenshot({
          path: `${import.meta.dirname}/../artifacts/subscription-trial-${viewport}-${colorScheme}-full.png`,
          fullPage: true,
        });

        await page.goto('/subscription/success');
        await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
        await page.waitForTimeout(600);
        await screenshot(page, `payment-success-${viewport}-${colorScheme}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
