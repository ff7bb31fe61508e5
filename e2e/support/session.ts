import { expect, type Page } from '@playwright/test';
import type { SignedInUser } from './api.ts';

/**
 * Waits for the login screen's code step and reads the code it shows: without a mail server the
 * server hands the code back (debugCode), and the screen prints it.
 */
export async function readShownCode(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Check your email for a code' })).toBeVisible();
  const code = (await page.locator('code').first().textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  return code;
}

/** Logs in on the login screen the way a person does: e-mail, Continue, then the code typed in. */
export async function logInThroughUi(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await readShownCode(page);
  await page.getByLabel('Character 1 of 6').focus();
  await page.keyboard.type(code);
}

/** Opens the app already signed in as the user (the token goes where the app keeps it, spec §3). */
export async function openSignedIn(page: Page, user: SignedInUser, path = '/plan'): Promise<void> {
  await page.addInitScript((token) => {
    if (window.location.protocol !== 'http:') return;
    if (!window.localStorage.getItem('hustleToken'))
      window.localStorage.setItem('hustleToken', token);
  }, user.token);
  await page.goto(path);
}

/** The token the app keeps for the signed-in user (spec §3), or null when signed out. */
export const storedToken = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('hustleToken'));
