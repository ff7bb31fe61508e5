import type { Page } from '@playwright/test';
import { VIEWPORTS } from '../support/browser.ts';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { readShownCode, storedToken } from '../support/session.ts';

const codeBoxes = (page: Page) =>
  Array.from({ length: 6 }, (_, index) => page.getByLabel(`Character ${index + 1} of 6`));

test.describe('signing in', () => {
  test('a person signs in with a pasted code, sees the app, and logs out', async ({ page }) => {
    const email = uniqueEmail('ada');
    // Signed out, a signed-in route shows the login screen (spec §2).
    await page.goto('/plan');
    await expect(page.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible();
    await page.goto('/login');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await page.getByLabel('Email').fill('not-an-email');
    await expect(continueButton).toBeDisabled();
    // Typed with capitals and spaces around it, the address is still the same account.
    await page
      .getByLabel('Email')
      .fill(`  ${email.replace('ada', 'Ada').replace('example', 'Example')} `);
    await continueButton.click();

    const debugCode = await readShownCode(page);
    // Pasted lower-case with a dash and a space, the way it might come out of an e-mail.
    const pasted =
      `${debugCode.slice(0, 2)}-${debugCode.slice(2, 4)} ${debugCode.slice(4)}`.toLowerCase();
    await page.getByLabel('Character 1 of 6').focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, pasted);

    await page.waitForURL('**/execute');
    expect(await storedToken(page)).toMatch(/.{40,}/);
    const userMenu = page.getByRole('button', { name: email });
    await expect(userMenu).toBeVisible();
    await expect(page.getByText('v0.0.4')).toBeVisible();
    await expect(page.getByText('prod', { exact: true })).toBeVisible();

    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: VIEWPORTS.mobile });

    test('a wrong code clears the boxes and says so, and the right one then signs in', async ({
      page,
    }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(uniqueEmail('bob'));
      await page.getByLabel('Email').press('Enter');
      const debugCode = await readShownCode(page);
      const wrong = debugCode === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
      await page.getByLabel('Character 1 of 6').focus();
      await page.keyboard.type(wrong);

      await expect(page.getByText('That code wasn’t valid. Have another go!')).toBeVisible();
      for (const box of codeBoxes(page)) await expect(box).toHaveValue('');

      await page.getByLabel('Character 1 of 6').focus();
      await page.keyboard.type(debugCode.toLowerCase());
      await page.waitForURL('**/execute');
    });
  });

  test('a magic link signs in and leaves no token in the address', async ({ page }) => {
    const email = uniqueEmail('cleo');
    await page.goto('/magic-link');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('link', { name: 'Send me the link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email for a link' })).toBeVisible();
    await page.getByRole('link', { name: /auth\/magic\/confirm/ }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/execute');
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('button', { name: email })).toBeVisible();
  });

  test('a magic link started from an invite comes back to that invite', async ({
    page,
    api,
    signUp,
  }) => {
    const owner = await signUp('dana');
    const projectId = await api.createProject(owner, 'Book club');
    const inviteLink = await api.inviteLink(owner, projectId);

    await page.goto(inviteLink);
    await page.getByRole('link', { name: 'Log in to join' }).click();
    await page.getByRole('link', { name: 'Email me a magic link' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('eli'));
    await page.getByRole('link', { name: 'Send me the link' }).click();
    await page.getByRole('link', { name: /auth\/magic\/confirm/ }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`**${inviteLink}`);
    await expect(page.getByRole('heading', { name: 'Join Book club project!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join the project' })).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });
});
