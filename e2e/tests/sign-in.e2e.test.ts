import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../support/browser.ts';
import { useScenario } from '../support/scenario.ts';
import { apiAs, readShownCode, signInOverApi } from '../support/session.ts';

describe('signing in', () => {
  const scenario = useScenario();

  it('a person signs in with a pasted code, sees the app, and logs out', async () => {
    const { server, browser } = scenario;
    const { context, page, errors } = await newPage(browser, server.url);
    // Signed out, a signed-in route shows the login screen (spec §2).
    await page.goto('/plan');
    await page.getByRole('heading', { name: 'Login / Sign up' }).waitFor();
    await page.goto('/login');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await page.getByLabel('Email').fill('not-an-email');
    expect(await continueButton.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill('  Ada@Example.com ');
    await continueButton.click();

    const debugCode = await readShownCode(page);
    expect(debugCode).toMatch(/^[A-Z0-9]{6}$/);
    await screenshot(page, 'login-code-step');

    // Paste it lower-case with a dash and a space, the way it might come out of an e-mail.
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
    expect(await page.evaluate(() => localStorage.getItem('hustleToken'))).toMatch(/.{40,}/);
    const userMenu = page.getByRole('button', { name: /ada@example\.com/ });
    await userMenu.waitFor();
    await page.getByText('v0.0.4').waitFor();
    await page.getByText('prod', { exact: true }).waitFor();

    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Login / Sign up' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('hustleToken'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a wrong code clears the boxes and says so', async () => {
    const { server, browser } = scenario;
    const { context, page, errors } = await newPage(browser, server.url, {
      viewport: 'mobile',
      colorScheme: 'dark',
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill('bob@example.com');
    await page.getByLabel('Email').press('Enter');
    const debugCode = await readShownCode(page);
    const wrong = debugCode === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    await page.getByLabel('Character 1 of 6').focus();
    await page.keyboard.type(wrong);

    await page.getByText('That code wasn’t valid. Have another go!').waitFor();
    for (let i = 1; i <= 6; i++)
      expect(await page.getByLabel(`Character ${i} of 6`).inputValue()).toBe('');
    await screenshot(page, 'login-invalid-code-mobile-dark');

    await page.getByLabel('Character 1 of 6').focus();
    await page.keyboard.type(debugCode.toLowerCase());
    await page.waitForURL('**/execute');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in through a magic link', async () => {
    const { server, browser } = scenario;
    const { context, page, errors } = await newPage(browser, server.url);
    await page.goto('/magic-link');
    await page.getByLabel('Email').fill('cleo@example.com');
    await page.getByRole('link', { name: 'Send me the link' }).click();
    await page.getByRole('heading', { name: 'Check your email for a link' }).waitFor();
    await page.getByRole('link', { name: /auth\/magic\/confirm/ }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/execute');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: /cleo@example\.com/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a magic link started from an invite comes back to that invite', async () => {
    const { server, browser } = scenario;
    const owner = await signInOverApi(server, 'dana@example.com');
    const { projectId } = await apiAs(server, owner, 'POST', '/api/v1/projects', {
      workspaceId: owner.workspaceId,
      name: 'Book club',
    });
    const { inviteLink } = await apiAs(
      server,
      owner,
      'GET',
      `/api/v1/projects/${projectId}/invite-link`,
    );

    const { context, page, errors } = await newPage(browser, server.url);
    await page.goto(inviteLink);
    await page.getByRole('link', { name: 'Log in to join' }).click();
    await page.getByRole('link', { name: 'Email me a magic link' }).click();
    await page.getByLabel('Email').fill('eli@example.com');
    await page.getByRole('link', { name: 'Send me the link' }).click();
    await page.getByRole('link', { name: /auth\/magic\/confirm/ }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`**${inviteLink}`);
    await page.getByRole('heading', { name: 'Join Book club project!' }).waitFor();
    await page.getByRole('button', { name: 'Join the project' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
