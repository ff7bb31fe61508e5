import type { Page } from '@playwright/test';
import { longDate } from '../support/dates.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

const ordinal = (day: number) =>
  day % 100 >= 11 && day % 100 <= 13
    ? `${day}th`
    : `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;

/** A month's status row on the status screen. */
const statusRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ hasText: name });

// Users signed in over the API get UTC, and the pages run in UTC too, so "today" is the
// server's UTC date.
test.describe('monthly automations', () => {
  test('an automation for today puts its task on Execute, turns DONE when completed, and can be deleted', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('automator');
    const now = new Date();
    const today = now.getUTCDate();
    const automationName = `Monthly on ${ordinal(today)} add Pay the rent in Execute`;
    await openSignedIn(page, user, '/automation');

    await expect(page.getByRole('heading', { name: 'Automation', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Automate your workflow' })).toBeVisible();
    await page.getByRole('link', { name: 'Create your first automation' }).click();

    await page.waitForURL('**/automation/configure/create');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await page.getByRole('radio', { name: String(today), exact: true }).click();
    await expect(page.getByText(`This automation will trigger on ${longDate(now)}`)).toBeVisible();
    await expect(save).toBeDisabled();
    await page.getByLabel('Task name:').fill('Pay the rent');
    await expect(page.getByLabel('Automation name:')).toHaveValue(automationName);
    await save.click();

    await page.waitForURL(/\/automation\/configure$/);
    const configured = page.getByRole('list', { name: 'Automations' }).getByRole('listitem');
    await expect(
      configured.filter({ hasText: automationName }).getByText('ON', { exact: true }),
    ).toBeVisible();

    // The automation fired at once: its task is planned, under the pseudo-project 'Automation'.
    const task = (await api.workspace(user)).automations.find(
      (candidate) => candidate.name === 'Pay the rent',
    );
    expect(task).toMatchObject({ state: 'PLANNED', origin: 'automation' });
    await page.getByRole('link', { name: 'Execute', exact: true }).click();
    const planned = page.getByRole('list', { name: 'Planned tasks' });
    const row = planned.getByRole('listitem').filter({ hasText: 'Pay the rent' });
    await expect(row.getByText('Automation', { exact: true })).toBeVisible();

    await page.goto('/automation');
    const month = now.toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' });
    await expect(page.getByText(`Month of ${month}`)).toBeVisible();
    await expect(
      statusRow(page, automationName).getByRole('img', { name: 'Active' }),
    ).toBeVisible();

    await api.completeTask(user, task!.id, { origin: 'automation' });
    await page.reload();
    await expect(statusRow(page, automationName).getByRole('img', { name: 'Done' })).toBeVisible();

    await page.getByRole('link', { name: 'Configure automations' }).click();
    await page.getByRole('button', { name: `Delete ${automationName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Automation' });
    await expect(
      dialog.getByText(
        `Are you sure you want to delete "${automationName}"? This action cannot be undone.`,
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No automations yet.')).toBeVisible();
    await expect.poll(async () => (await api.automations(user)).length).toBe(0);

    await page.getByRole('link', { name: 'Done' }).click();
    await page.waitForURL(/\/automation$/);
    await expect(page.getByRole('heading', { name: 'Automate your workflow' })).toBeVisible();
  });

  test('on Free, + New automation is held back after two automations', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('frugal-automator');
    await api.putOnFreePlan(user);
    await openSignedIn(page, user, '/automation/configure');

    await page.getByRole('link', { name: '+ New automation' }).click();
    await page.getByRole('radio', { name: '1', exact: true }).click();
    await page.getByLabel('Task name:').fill('Send the invoice');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/automation\/configure$/);
    await api.createAutomation(user, { dayOfMonth: 15, taskName: 'Back up the laptop' });
    await page.reload();

    await expect(page.getByRole('button', { name: '+ New automation' })).toBeDisabled();
    await expect(page.getByText('Your plan allows 2 automations.')).toBeVisible();
    await page.getByRole('link', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL('**/subscription?reason=automations');
    await expect(
      page.getByText('Your Free plan allows 2 automations.', { exact: false }),
    ).toBeVisible();
  });

  test('cancelling a delete keeps the automation, and a day past 28 says when short months run it', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('careful-automator');
    await api.createAutomation(user, {
      dayOfMonth: 31,
      taskName: 'Pay the credit card bill',
      name: 'Credit card bill',
    });
    await openSignedIn(page, user, '/automation/configure');

    await page.getByRole('button', { name: 'Delete Credit card bill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Automation' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    const configured = page.getByRole('list', { name: 'Automations' }).getByRole('listitem');
    await expect(configured).toHaveCount(1);
    await expect(configured.getByText('Credit card bill', { exact: true })).toBeVisible();
    expect((await api.automations(user)).map((automation) => automation.name)).toEqual([
      'Credit card bill',
    ]);

    await page.getByRole('link', { name: '+ New automation' }).click();
    await page.getByRole('radio', { name: '31', exact: true }).click();
    await expect(
      page.getByText('In months without a 31st, it runs on the last day of the month.'),
    ).toBeVisible();
  });
});

const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

test.describe('automations people tune (decision 026)', () => {
  test('a weekly automation is made, paused, resumed, skipped, edited, and a failed run retried', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('tuner');
    const now = new Date();
    const today = WEEKDAY_NAMES[now.getUTCDay()]!;
    const inThreeDays = new Date(now.getTime() + 3 * 86_400_000);
    const later = WEEKDAY_NAMES[inThreeDays.getUTCDay()]!;
    await openSignedIn(page, user, '/automation/configure/create');

    // Weekly, on today and on the day three days on: today's run happens at once.
    await page.getByRole('radio', { name: 'Weekly' }).click();
    const week = page.getByRole('group', { name: 'Days of the week' });
    await week.getByRole('button', { name: today }).click();
    await week.getByRole('button', { name: later }).click();
    await expect(page.getByText(`This automation will trigger on ${longDate(now)}`)).toBeVisible();
    await page.getByLabel('Task name:').fill('Stretch');
    await page.getByLabel('Automation name:').fill('Stretching');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/automation\/configure$/);
    const row = page.getByRole('list', { name: 'Automations' }).getByRole('listitem');
    await expect(row.getByText('ON', { exact: true })).toBeVisible();
    await expect.poll(async () => (await api.workspace(user)).automations.length).toBe(1);

    // Pause and resume from the row's menu: the badge follows.
    await row.getByRole('button', { name: 'More for Stretching' }).click();
    await page.getByRole('menuitem', { name: 'Pause' }).click();
    await expect(row.getByText('PAUSED', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'More for Stretching' }).click();
    await page.getByRole('menuitem', { name: 'Resume' }).click();
    await expect(row.getByText('ON', { exact: true })).toBeVisible();

    // The automation's own screen: the next run (three days on), skipped; today's run links to
    // its task.
    await row.getByRole('link', { name: 'Stretching' }).click();
    await expect(page.getByRole('heading', { name: 'Stretching', level: 1 })).toBeVisible();
    await expect(page.getByText(longDate(inThreeDays), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Skip the next run' }).click();
    const history = page.getByRole('list', { name: 'History' }).getByRole('listitem');
    await expect(history.filter({ hasText: 'Skipped' })).toHaveCount(1);
    await expect(page.getByText(longDate(inThreeDays), { exact: true })).toHaveCount(0);
    await expect(history).toHaveCount(2);
    // Undone, the run is back as the next one; skipped again, it stays skipped.
    await page.getByRole('button', { name: /^Undo the skip of / }).click();
    await expect(page.getByText(longDate(inThreeDays), { exact: true })).toBeVisible();
    await expect(history).toHaveCount(1);
    await page.getByRole('button', { name: 'Skip the next run' }).click();
    await expect(history.filter({ hasText: 'Skipped' })).toHaveCount(1);

    // A run that failed last week can be retried: once, and its task arrives.
    const [automation] = await api.automations(user);
    const lastWeek = new Date(now.getTime() - 7 * 86_400_000);
    await api.recordFailedRun(automation!.id, isoDay(lastWeek));
    await page.reload();
    await expect(history.filter({ hasText: 'Could not add its task' })).toHaveCount(1);
    await page.getByRole('button', { name: /^Retry / }).click();
    await expect(page.getByText('Done: its task is on your Execute list.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Retry / })).toHaveCount(0);
    await expect.poll(async () => (await api.workspace(user)).automations.length).toBe(2);

    // Today's run links to its task: it opens over Execute in its details (issue 31).
    await history
      .filter({ hasText: longDate(now) })
      .getByRole('link', { name: 'Open task: Stretch' })
      .click();
    await page.waitForURL(/\/execute\?task=/);
    const details = page.getByRole('dialog', { name: 'Task details' });
    await expect(details).toContainText('Stretch');
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    // Two runs made a Stretch each (today's, and the one retried above).
    await expect(page.getByRole('checkbox', { name: 'Stretch', exact: true })).toHaveCount(2);

    // Edit: a new task name; the configure list says so.
    await page.goto(`/automation/configure/${automation!.id}/edit`);
    await expect(page.getByRole('radio', { name: 'Weekly' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByLabel('Task name:').fill('Stretch and breathe');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/automation\/configure$/);
    await expect(row.getByText('adds “Stretch and breathe”')).toBeVisible();
    // Shown at once; the outbox then brings the edit to the server.
    await expect
      .poll(async () => (await api.automations(user))[0])
      .toMatchObject({
        name: 'Stretching',
        steps: [{ payload: { taskName: 'Stretch and breathe' } }],
      });
  });
});
