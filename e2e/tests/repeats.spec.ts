import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** A task row: the list item holding the task's check box. */
const row = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name, exact: true }) });

test.describe('repeats (issue 29, decision 063)', () => {
  test('"Repeat…" on a task opens the editor filled in; a "first Monday" rule is described in plain words', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('repeater');
    const home = await api.createProject(user, 'Home');
    await api.createTask(user, 'Test the smoke alarm', { projectId: home });
    await openSignedIn(page, user, '/plan');

    const task = row(page, 'Test the smoke alarm');
    await task.hover();
    await task.getByRole('button', { name: 'Task actions' }).click();
    await task.getByRole('button', { name: 'Repeat…' }).click();

    await page.waitForURL('**/automation/configure/create?**');
    await expect(page.getByLabel('Task name:')).toHaveValue('Test the smoke alarm');
    await expect(page.getByLabel('Adds tasks to')).toHaveValue(home);

    // Monthly is chosen; its runs are on a weekday of the month, by keyboard.
    await expect(page.getByRole('radio', { name: 'Monthly' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const byWeekday = page.getByRole('radio', { name: 'On a weekday, such as the first Monday' });
    await byWeekday.focus();
    await page.keyboard.press('Space');
    await expect(byWeekday).toBeChecked();
    await expect(page.getByLabel('Which one in the month')).toHaveValue('1');
    await expect(page.getByLabel('Weekday', { exact: true })).toHaveValue('1');
    await expect(page.getByText('First Monday of every month', { exact: true })).toBeVisible();
    await expect(page.getByText(/^This automation will trigger on/)).toBeVisible();
    await expect(page.getByLabel('Automation name:')).toHaveValue(
      'First Monday of every month add Test the smoke alarm in Execute',
    );
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/automation\/configure$/);
    const configured = page.getByRole('list', { name: 'Automations' }).getByRole('listitem');
    await expect(
      configured.getByText('First Monday of every month · adds “Test the smoke alarm”'),
    ).toBeVisible();
    await expect
      .poll(async () => (await api.automations(user)).map((a) => [a.trigger, a.projectId]))
      .toEqual([[{ frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 1 }, home]]);
  });

  test('the editor makes every 2 weeks on chosen days and a day of the year', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('repeater2');
    await openSignedIn(page, user, '/automation/configure/create');

    await page.getByRole('radio', { name: 'Weekly' }).click();
    await page.getByLabel('Every').fill('2');
    const week = page.getByRole('group', { name: 'Days of the week' });
    await week.getByRole('button', { name: 'Monday' }).click();
    await week.getByRole('button', { name: 'Thursday' }).click();
    await expect(page.getByText('Every 2 weeks on Mon, Thu', { exact: true })).toBeVisible();

    await page.getByRole('radio', { name: 'Yearly' }).click();
    await page.getByLabel('Every').fill('1');
    await page.getByLabel('Month').selectOption({ label: 'Dec' });
    await page.getByLabel('Day', { exact: true }).selectOption('3');
    await expect(page.getByText('Every year on 3 Dec', { exact: true })).toBeVisible();
    await page.getByLabel('Task name:').fill('Renew the car insurance');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/automation\/configure$/);
    await expect(
      page.getByText('Every year on 3 Dec · adds “Renew the car insurance”'),
    ).toBeVisible();
    await expect
      .poll(async () => (await api.automations(user)).map((a) => a.trigger))
      .toEqual([{ frequency: 'YEARLY', month: 12, dayOfMonth: 3 }]);
  });
});
