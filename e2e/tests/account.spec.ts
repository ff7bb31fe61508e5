import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { logInThroughUi, openSignedIn, storedToken } from '../support/session.ts';

const loginHeading = (page: Page) => page.getByRole('heading', { name: 'Login / Sign up' });

/** Opens the account screen the way a person does: the user menu, then Account. */
async function openAccount(page: Page, email: string) {
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
}

test.describe('the account screen', () => {
  test('Sign out everywhere else ends the other browser at once, and this one stays', async ({
    page,
    newPage,
  }) => {
    const email = uniqueEmail('ada');
    await page.goto('/login');
    await logInThroughUi(page, email);
    await page.waitForURL('**/execute');

    const phone = await newPage({ viewport: 'mobile' });
    await phone.goto('/login');
    await logInThroughUi(phone, email);
    await phone.waitForURL('**/execute');
    await expect(phone.getByRole('heading', { name: 'Execute', level: 1 })).toBeVisible();

    await openAccount(page, email);
    const devices = page.getByRole('list', { name: 'Your signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByText('This device')).toHaveCount(1);
    await expect(devices.getByText('Chrome on Linux')).toHaveCount(2);

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('Signed out of 1 other device.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    // The phone was only showing Execute: its live stream ends and it signs out without a click.
    await expect(loginHeading(phone)).toBeVisible({ timeout: 5000 });
    expect(await storedToken(phone)).toBeNull();
    await page.reload();
    await expect(page.getByText('You are signed in on this device only.')).toBeVisible();
  });

  test('a new e-mail address is confirmed with the code mailed to it', async ({
    page,
    signUp,
    api,
    server,
  }) => {
    const ada = await signUp('ada');
    const newEmail = uniqueEmail('ada.new');
    await openSignedIn(page, ada, '/execute');
    await openAccount(page, ada.email);
    await expect(page.getByText(`You sign in with ${ada.email}.`)).toBeVisible();

    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We sent a code to ${newEmail}.`)).toBeVisible();

    const mail = server.mail.lastTo(newEmail);
    const code = mail.text.match(/\b[A-Z0-9]{6}\b/)?.[0] ?? '';
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await page.getByLabel('Character 1 of 6').focus();
    await page.keyboard.type(code.toLowerCase());

    await expect(page.getByText(`You now sign in with ${newEmail}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: newEmail })).toBeVisible();
    expect(server.mail.lastTo(ada.email).text).toContain(newEmail);
    // The new address signs in to the same workspace.
    expect((await api.signIn(newEmail)).workspaceId).toBe(ada.workspaceId);
  });

  test('an access token made here lets a script add a task, live on the page; revoked, it stops', async ({
    page,
    signUp,
    server,
  }) => {
    const ada = await signUp('ada');
    await openSignedIn(page, ada, '/execute');
    await openAccount(page, ada.email);
    const card = page.getByRole('region', { name: 'Access tokens' });
    await expect(card.getByText('No tokens yet.')).toBeVisible();

    await card.getByRole('button', { name: 'New token' }).click();
    await card.getByLabel('Name').fill('Morning script');
    await card.getByRole('checkbox', { name: /Write/ }).check();
    await card.getByRole('button', { name: 'Make token' }).click();
    const secret = await card.getByRole('textbox', { name: 'Your new access token' }).inputValue();
    expect(secret).toMatch(/^hst_/);
    await card.getByRole('button', { name: 'Done' }).click();
    await expect(card.getByRole('textbox', { name: 'Your new access token' })).toHaveCount(0);
    await expect(card.getByText('Morning script')).toBeVisible();

    // A script, not the browser, uses it: the task it adds shows on the open page.
    const addTask = (name: string) =>
      fetch(`${server.url}/api/v1/tasks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workspaceId: ada.workspaceId, name, planned: true }),
      });
    expect((await addTask('Water the plants')).status).toBe(200);
    await page.getByRole('link', { name: 'Execute' }).click();
    await expect(page.getByText('Water the plants', { exact: true })).toBeVisible();

    await openAccount(page, ada.email);
    await card.getByRole('button', { name: 'Revoke Morning script' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke Morning script?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(page.getByText('Morning script is revoked.')).toBeVisible();
    await expect(card.getByText('No tokens yet.')).toBeVisible();
    expect((await addTask('Too late')).status).toBe(401);
  });

  test('a calendar feed address made here serves the planned task; a new address ends it', async ({
    page,
    signUp,
    api,
    server,
  }) => {
    const ada = await signUp('ada');
    const projectId = await api.createProject(ada, 'Garden', '#3366ff');
    await api.createTask(ada, 'Water the roses', { projectId, planned: true });
    await openSignedIn(page, ada, '/execute');
    await openAccount(page, ada.email);
    const card = page.getByRole('region', { name: 'Calendar feeds' });
    await expect(card.getByText('Garden')).toBeVisible();
    await card.getByRole('button', { name: 'Get the address of All your tasks' }).click();
    const field = card.getByRole('textbox', { name: 'Calendar address of All your tasks' });
    const url = await field.inputValue();
    expect(url).toMatch(/\/api\/v1\/calendar-feeds\/.+\.ics$/);

    // A calendar app, not the browser, reads it.
    const read = (address: string) => fetch(`${server.url}${new URL(address).pathname}`);
    const feed = await read(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toContain('SUMMARY:Water the roses');

    await card.getByRole('button', { name: 'New address for All your tasks' }).click();
    await page
      .getByRole('dialog', { name: 'New address for All your tasks?' })
      .getByRole('button', { name: 'Make a new address' })
      .click();
    await expect(page.getByText('All your tasks has a new address.')).toBeVisible();
    await expect(field).not.toHaveValue(url);
    expect((await read(url)).status).toBe(404);
    expect((await read(await field.inputValue())).status).toBe(200);
  });

  test('day settings chosen here are the account’s: zone, where carried tasks go, when they leave', async ({
    page,
    signUp,
    api,
  }) => {
    const ada = await signUp('ada');
    await openSignedIn(page, ada, '/execute');
    await openAccount(page, ada.email);
    const card = page.getByRole('region', { name: 'Days' });
    await card.getByRole('radio', { name: 'At the bottom of today' }).click();
    await expect(card.getByRole('radio', { name: 'At the bottom of today' })).toBeChecked();
    await card
      .getByRole('combobox', { name: 'Take a task off the plan' })
      .selectOption({ label: 'After it was carried over 3 times' });
    await card.getByRole('combobox', { name: 'Time zone' }).selectOption('Pacific/Auckland');
    // Three commands leave the outbox one after another.
    await expect
      .poll(async () => (await api.workspace(ada)).days, { timeout: 15_000 })
      .toEqual({
        timeZone: 'Pacific/Auckland',
        carryOverTo: 'bottom',
        backToInboxAfter: 3,
        // Each weekday's capacity (issue 30) is left at its default of 6 h.
        capacity: Array(7).fill(360),
        // The daily nudges (decision 084) stay off.
        planNudgeAt: null,
        finishNudgeAt: null,
      });
    await page.reload();
    await expect(card.getByRole('radio', { name: 'At the bottom of today' })).toBeChecked();
    await expect(card.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Pacific/Auckland');
  });

  test('deleting an account offers the export first; a member sees its shared project go', async ({
    page,
    newPage,
    signUp,
    api,
  }) => {
    const owner = await signUp('owner');
    const member = await signUp('member');
    const projectId = await api.createProject(owner, 'Garden', '#3366ff');
    await api.createTask(owner, 'Water the roses', { projectId });
    await api.joinInvite(member, await api.inviteLink(owner, projectId));

    const memberPage = await newPage({ viewport: 'mobile' });
    await openSignedIn(memberPage, member, '/plan');
    await expect(memberPage.getByRole('article', { name: 'Garden' })).toBeVisible();

    await openSignedIn(page, owner, '/execute');
    await openAccount(page, owner.email);
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export data' }).click();
    expect((await downloading).suggestedFilename()).toMatch(
      /^hustle-export-\d{4}-\d\d-\d\d\.json$/,
    );

    const erase = dialog.getByRole('button', { name: 'Delete account' });
    await expect(erase).toBeDisabled();
    await dialog.getByLabel(`Type ${owner.email} to confirm`).fill(owner.email);
    await erase.click();

    await expect(loginHeading(page)).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    // The member's open Plan loses the project without a reload.
    await expect(memberPage.getByRole('article', { name: 'Garden' })).toHaveCount(0);
    expect((await api.workspace(member)).projects).toEqual([]);
    // The address is free: signing in again starts a new, empty account.
    const again = await api.signIn(owner.email);
    expect(again.workspaceId).not.toBe(owner.workspaceId);
    expect((await api.workspace(again)).projects).toEqual([]);
  });

  test('the theme can match the system, following its dark setting live until toggled again', async ({
    page,
    signUp,
  }) => {
    const user = await signUp('night');
    const pageTheme = () => page.locator('html');
    await page.emulateMedia({ colorScheme: 'dark' });
    await openSignedIn(page, user, '/plan');
    // The spec's light default holds until the user asks for the system's.
    await expect(pageTheme()).toHaveAttribute('data-theme', 'light');

    await openAccount(page, user.email);
    await page.getByRole('radio', { name: 'Match the system' }).check();
    await expect(pageTheme()).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(pageTheme()).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(pageTheme()).toHaveAttribute('data-theme', 'dark');

    // Kept over a reload.
    await page.reload();
    await expect(pageTheme()).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('radio', { name: 'Match the system' })).toBeChecked();

    // The spec's toggle ends it: the theme stays as toggled whatever the system does.
    await page.getByRole('button', { name: user.email }).click();
    await page.getByRole('menuitem', { name: 'Light theme' }).click();
    await expect(pageTheme()).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(pageTheme()).toHaveAttribute('data-theme', 'light');
  });
});
