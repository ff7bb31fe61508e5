import type { Page } from '@playwright/test';
import { VIEWPORTS } from '../support/browser.ts';
import { longDate, monthsAhead } from '../support/dates.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

const card = (page: Page, name: 'Free' | 'Premium') =>
  page.getByRole('article', { name, exact: true });

test.describe('plans and payments', () => {
  test('a Free user at the project limit upgrades through the sandbox checkout and the limit goes', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('free-at-limit');
    for (let index = 1; index <= 5; index++) await api.createProject(user, `Project ${index}`);
    await api.putOnFreePlan(user);

    await openSignedIn(page, user, '/plan');
    const newProject = page.getByRole('button', { name: '+ New Project' });
    await expect(newProject).toBeDisabled();
    await expect(page.getByText('Your plan allows 5 projects.')).toBeVisible();
    await page.getByRole('link', { name: 'Upgrade to Premium' }).click();

    await page.waitForURL('**/subscription**');
    await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Free', level: 2 })).toBeVisible();
    await expect(card(page, 'Free').getByText('Current plan')).toBeVisible();
    await expect(page.getByText('Valid unitl:')).toHaveCount(0);
    await expect(card(page, 'Premium').getByText('5$', { exact: true })).toBeVisible();
    await expect(page.getByText('Saving 20%')).toHaveCount(0);

    await page.getByRole('switch', { name: 'Billed annualy' }).click();
    await expect(card(page, 'Premium').getByText('Saving 20%')).toBeVisible();
    await expect(card(page, 'Premium').getByText('4$', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/billing/sandbox-checkout/**');
    await expect(page.getByText('Sandbox · no real payment')).toBeVisible();
    await page.getByRole('button', { name: 'Pay 48$' }).click();

    await page.waitForURL('**/subscription/success');
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    const yearAhead = monthsAhead(new Date(), 12);
    await expect(page.getByText(`Premium is active until ${longDate(yearAhead)}`)).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).click();

    await page.waitForURL(/\/subscription$/);
    await expect(page.getByRole('heading', { name: 'Premium', level: 2 })).toBeVisible();
    await expect(page.getByText(`Valid unitl: ${longDate(yearAhead)}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);

    // The limit is gone without a reload: the workspace's access was read again.
    await page.getByRole('link', { name: 'Plan' }).click();
    await expect(page.getByRole('button', { name: '+ New Project' })).toBeEnabled();
  });

  test('a paying user cancels in the sandbox portal and keeps Premium until the period ends', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('manages');
    await api.putOnFreePlan(user);
    await openSignedIn(page, user, '/subscription');
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/billing/sandbox-checkout/**');
    await page.getByRole('button', { name: 'Pay 15$' }).click();
    await page.waitForURL('**/subscription/success');
    await page.getByRole('link', { name: 'Go back' }).click();

    await page.waitForURL(/\/subscription$/);
    await expect(page.getByText('Billed quarterly, renews automatically.')).toBeVisible();
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL('**/billing/sandbox-portal/**');
    await expect(page.getByText('Sandbox · no real payment')).toBeVisible();
    await expect(page.getByText('No card is kept in the sandbox')).toBeVisible();
    await expect(page.getByText('Premium, billed quarterly')).toBeVisible();

    await page.getByRole('button', { name: 'Switch to annual billing' }).click();
    await expect(page.getByText('From then on you will be billed annually.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const end = monthsAhead(new Date(), 3);
    await expect(
      page.getByText(`Canceled: Premium stays until ${longDate(end)}`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Hustle' }).click();
    await page.waitForURL(/\/subscription$/);
    await expect(page.getByRole('heading', { name: 'Premium', level: 2 })).toBeVisible();
    await expect(page.getByText(`Premium until ${longDate(end)}`)).toBeVisible();
    await expect(
      page.getByText('Canceled: you move to Free, data kept, when it ends.'),
    ).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.mobile });

    test('cancelling the checkout comes back with Payment canceled! and nothing changes', async ({
      page,
      signUp,
      api,
    }) => {
      const user = await signUp('cancels');
      await api.putOnFreePlan(user);

      await openSignedIn(page, user, '/subscription');
      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      await page.waitForURL('**/billing/sandbox-checkout/**');
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.waitForURL('**/subscription?reason=cancel');
      await expect(page.getByText('Payment canceled!')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Free', level: 2 })).toBeVisible();
      await expect(card(page, 'Free').getByText('Current plan')).toBeVisible();
    });
  });

  test('a user on trial sees Free Trial, its end date and why they were sent to upgrade', async ({
    page,
    signUp,
  }) => {
    const user = await signUp('trial');
    await openSignedIn(page, user, '/subscription?reason=projects');
    await expect(page.getByText('Free Trial')).toBeVisible();
    await expect(
      page.getByText('Your Free plan allows 5 projects.', { exact: false }),
    ).toBeVisible();
    const trialEnd = new Date();
    trialEnd.setUTCDate(trialEnd.getUTCDate() + 14);
    await expect(page.getByText(`Valid unitl: ${longDate(trialEnd)}`)).toBeVisible();
    await expect(page.getByText('14 days left in your trial')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeVisible();
  });

  test('a user who upgrades during the trial keeps its days: Premium runs a quarter from the trial’s end', async ({
    page,
    signUp,
  }) => {
    const user = await signUp('upgrades-early');
    await openSignedIn(page, user, '/subscription');
    const trialEnd = new Date();
    trialEnd.setUTCDate(trialEnd.getUTCDate() + 14);
    await expect(
      card(page, 'Premium').getByText(
        `Your trial stays: the paid period starts when it ends, on ${longDate(trialEnd)}.`,
      ),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/billing/sandbox-checkout/**');
    await page.getByRole('button', { name: 'Pay 15$' }).click();
    await page.waitForURL('**/subscription/success');
    const paidEnd = monthsAhead(trialEnd, 3);
    await expect(page.getByText(`Premium is active until ${longDate(paidEnd)}`)).toBeVisible();
  });
});
