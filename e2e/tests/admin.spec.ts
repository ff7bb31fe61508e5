import type { Page } from '@playwright/test';
import { ACCOUNT_DISABLED_MESSAGE } from '@hustle/shared/admin';
import { ADMIN_EMAIL, expect, test } from '../support/fixtures.ts';
import { logInThroughUi, openSignedIn, storedToken } from '../support/session.ts';

/** The admin signs in on the login screen and opens the admin page from the user menu. */
async function openAdminPage(page: Page) {
  await page.goto('/login');
  await logInThroughUi(page, ADMIN_EMAIL);
  await page.waitForURL('**/execute');
  await page.getByRole('button', { name: ADMIN_EMAIL }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await page.waitForURL('**/admin');
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
}

/** Finds the account by its address; its row on the page. */
async function findAccount(page: Page, email: string) {
  await page.getByLabel('Find an account').fill(email);
  const row = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByText(email)).toBeVisible();
  return row;
}

test.describe('the instance admin page', () => {
  test('turning automation off for a user takes Automate from their open page', async ({
    page,
    newPage,
    signUp,
  }) => {
    const ada = await signUp('ada');
    const adasPage = await newPage();
    await openSignedIn(adasPage, ada, '/execute');
    await adasPage.getByRole('button', { name: ada.email }).click();
    await expect(adasPage.getByRole('menuitem', { name: 'Automate' })).toBeVisible();
    await adasPage.keyboard.press('Escape');

    await openAdminPage(page);
    const row = await findAccount(page, ada.email);
    const features = row.getByRole('combobox', { name: `Features of ${ada.email}` });
    await features.selectOption({ label: 'Subscription only' });
    await expect(page.getByText(`${ada.email}: Subscription only.`)).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Admin actions' })
        .getByText(`Gave ${ada.email}: Subscription only`),
    ).toBeVisible();

    // Ada's open page hears of it over its live stream, without a reload.
    await expect(async () => {
      await adasPage.getByRole('button', { name: ada.email }).click();
      await expect(adasPage.getByRole('menuitem', { name: 'Subscription' })).toBeVisible();
      await expect(adasPage.getByRole('menuitem', { name: 'Automate' })).toHaveCount(0);
      await adasPage.keyboard.press('Escape');
    }).toPass({ timeout: 10_000 });
    // The screens went with the menu entry.
    await adasPage.goto('/automation');
    await adasPage.waitForURL('**/execute');
    await expect(page.getByRole('combobox', { name: `Features of ${ada.email}` })).toHaveValue(
      'subscription',
    );
  });

  test('disabling a user signs their open page out, and they cannot sign in again', async ({
    page,
    newPage,
    signUp,
  }) => {
    const bea = await signUp('bea');
    const beasPage = await newPage({ viewport: 'mobile' });
    await openSignedIn(beasPage, bea, '/execute');
    await expect(beasPage.getByRole('heading', { name: 'Execute', level: 1 })).toBeVisible();

    await openAdminPage(page);
    const row = await findAccount(page, bea.email);
    await row.getByRole('button', { name: `Disable ${bea.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable this account?' });
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText(`${bea.email} is disabled and signed out.`)).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();

    // Bea's page was only showing Execute: its live stream ends and it signs out by itself.
    await expect(beasPage.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible({
      timeout: 5000,
    });
    expect(await storedToken(beasPage)).toBeNull();
    await logInThroughUi(beasPage, bea.email);
    await expect(beasPage.getByText(ACCOUNT_DISABLED_MESSAGE)).toBeVisible();
    expect(await storedToken(beasPage)).toBeNull();

    await row.getByRole('button', { name: `Enable ${bea.email}` }).click();
    await expect(page.getByText(`${bea.email} can sign in.`)).toBeVisible();
    const log = page.getByRole('list', { name: 'Admin actions' });
    await expect(log.getByRole('listitem').first()).toContainText(`Enabled ${bea.email}`);
    await expect(log.getByText(`Disabled ${bea.email}`)).toBeVisible();
  });
});
