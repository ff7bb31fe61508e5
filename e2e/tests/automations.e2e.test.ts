import type { Browser, Page } from 'playwright-core';
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

const ordinal = (day: number) =>
  day % 100 >= 11 && day % 100 <= 13
    ? `${day}th`
    : `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;

/**
 * The user's time zone is the browser's at login: users signed in over the API get UTC, and the
 * pages run in UTC too, so "today" is the server's real UTC date.
 */
const TIME_ZONE = 'UTC';

async function openAt(
  browser: Browser,
  server: RunningServer,
  user: SignedInUser,
  path: string,
  options: { viewport?: keyof typeof VIEWPORTS; colorScheme?: 'light' | 'dark' } = {},
) {
  const opened = await newPage(browser, server.url, { ...options, timezoneId: TIME_ZONE });
  await opened.page.addInitScript(
    (theme) => localStorage.setItem('hustleTheme', theme),
    options.colorScheme ?? 'light',
  );
  await openSignedIn(opened.page, user, path);
  return opened;
}

async function createOverApi(
  server: RunningServer,
  user: SignedInUser,
  dayOfMonth: number,
  taskName: string,
  name?: string,
) {
  return apiAs(server, user, 'POST', '/api/v1/automations', {
    workspaceId: user.workspaceId,
    ...(name ? { name } : {}),
    trigger: { frequency: 'MONTHLY', dayOfMonth },
    steps: [{ type: 'TASK', payload: { taskName } }],
  });
}

const statusRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ hasText: name });

describe('monthly automations', () => {
  const scenario = useScenario();

  it('an automation for today puts its task on Execute, turns DONE when completed, and can be deleted', async () => {
    const { server, browser } = scenario;
    const user = await signInOverApi(server, 'automator@example.com');
    const now = new Date();
    const today = now.getUTCDate();
    const automationName = `Monthly on ${ordinal(today)} add Pay the rent in Execute`;
    const { context, page, errors } = await openAt(browser, server, user, '/automation');

    await page.getByRole('heading', { name: 'Automation', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Automate your workflow' }).waitFor();
    await page.getByRole('link', { name: 'Create your first automation' }).click();

    await page.waitForURL('**/automation/configure/create');
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: String(today), exact: true }).click();
    await page.getByText(`This automation will trigger on ${longDate(now)}`).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Task name:').fill('Pay the rent');
    expect(await page.getByLabel('Automation name:').inputValue()).toBe(automationName);
    await save.click();

    await page.waitForURL(/\/automation\/configure$/);
    const configured = page.getByRole('list', { name: 'Automations' }).getByRole('listitem');
    await configured.filter({ hasText: automationName }).getByText('ON', { exact: true }).waitFor();

    // The automation fired at once: its task is planned, under the pseudo-project 'Automation'.
    const workspace = await apiAs(server, user, 'GET', `/workspaces/${user.workspaceId}`);
    const task = workspace.automations.find(
      (candidate: { name: string }) => candidate.name === 'Pay the rent',
    );
    expect(task).toMatchObject({ state: 'PLANNED', origin: 'automation' });
    await page.getByRole('link', { name: 'Execute' }).click();
    const planned = page.getByRole('list', { name: 'Planned tasks' });
    const row = planned.getByRole('listitem').filter({ hasText: 'Pay the rent' });
    await row.getByText('Automation', { exact: true }).waitFor();
    await screenshot(page, 'automation-task-on-execute-desktop');

    await page.goto('/automation');
    await page
      .getByText(`Month of ${now.toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' })}`)
      .waitFor();
    await statusRow(page, automationName).getByRole('img', { name: 'Active' }).waitFor();
    await screenshot(page, 'automation-status-active-desktop');

    await apiAs(server, user, 'PUT', `/api/v1/workspace/tasks/${task.id}/complete`, {
      workspaceId: user.workspaceId,
      projectId: null,
      origin: 'automation',
    });
    await page.reload();
    await statusRow(page, automationName).getByRole('img', { name: 'Done' }).waitFor();
    await screenshot(page, 'automation-status-done-desktop');

    await page.getByRole('link', { name: 'Configure automations' }).click();
    await page.getByRole('button', { name: `Delete ${automationName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Automation' });
    await dialog
      .getByText(
        `Are you sure you want to delete "${automationName}"? This action cannot be undone.`,
      )
      .waitFor();
    await screenshot(page, 'automation-delete-modal-desktop');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No automations yet.').waitFor();
    await expect
      .poll(async () => (await apiAs(server, user, 'GET', '/api/v1/automations')).length)
      .toBe(0);

    await page.getByRole('link', { name: 'Done' }).click();
    await page.waitForURL(/\/automation$/);
    await page.getByRole('heading', { name: 'Automate your workflow' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on Free, + New automation is held back after two automations', async () => {
    const { server, browser } = scenario;
    const user = await signInOverApi(server, 'frugal-automator@example.com');
    await putOnFreePlan(server, user);
    const { context, page, errors } = await openAt(browser, server, user, '/automation/configure');

    await page.getByRole('link', { name: '+ New automation' }).click();
    await page.getByRole('radio', { name: '1', exact: true }).click();
    await page.getByLabel('Task name:').fill('Send the invoice');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/automation\/configure$/);
    await createOverApi(server, user, 15, 'Back up the laptop');
    await page.reload();

    const newAutomation = page.getByRole('button', { name: '+ New automation' });
    await newAutomation.waitFor();
    expect(await newAutomation.isDisabled()).toBe(true);
    await page.getByText('Your plan allows 2 automations.').waitFor();
    await screenshot(page, 'automation-configure-limit-desktop');
    await page.getByRole('link', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/subscription?reason=automations');
    await page.getByText('Your Free plan allows 2 automations.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the automation screens look deliberate on both screen sizes and themes', async () => {
    const { server, browser } = scenario;
    const empty = await signInOverApi(server, 'empty-automations@example.com');
    const busy = await signInOverApi(server, 'busy-automations@example.com');
    const today = new Date().getUTCDate();
    await createOverApi(server, busy, today, 'Water the plants', 'Plants');
    await createOverApi(server, busy, 31, 'Pay the credit card bill', 'Credit card bill');
    await createOverApi(server, busy, today === 1 ? 2 : 1, 'Review the budget');
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const suffix = `${viewport}-${colorScheme}`;
        const first = await openAt(browser, server, empty, '/automation', {
          viewport,
          colorScheme,
        });
        await first.page.getByRole('heading', { name: 'Automate your workflow' }).waitFor();
        await first.page.waitForTimeout(600);
        await screenshot(first.page, `automation-status-empty-${suffix}`);
        expect(first.errors).toEqual([]);
        await first.context.close();

        const { context, page, errors } = await openAt(browser, server, busy, '/automation', {
          viewport,
          colorScheme,
        });
        await page.getByRole('img', { name: 'Active' }).waitFor();
        await page.waitForTimeout(600);
        await screenshot(page, `automation-status-${suffix}`);

        await page.getByRole('link', { name: 'Configure automations' }).click();
        await page.getByRole('button', { name: 'Delete Credit card bill' }).click();
        await page.getByRole('dialog', { name: 'Delete Automation' }).waitFor();
        await page.waitForTimeout(300);
        await screenshot(page, `automation-configure-delete-${suffix}`);
        await page.getByRole('button', { name: 'Cancel' }).click();

        await page.getByRole('link', { name: '+ New automation' }).click();
        await page.getByRole('radio', { name: '31', exact: true }).click();
        await page
          .getByText('In months without a 31st, it runs on the last day of the month.')
          .waitFor();
        await page.getByLabel('Task name:').fill('Pay the credit card bill');
        await page.waitForTimeout(300);
        await screenshot(page, `automation-create-${suffix}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
