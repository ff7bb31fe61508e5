import { todayIn, weekdayOfDay } from '@hustle/shared/days';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 30 item 1: estimates, a day's capacity, Plan's load bar and Execute's projected finish. */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test('estimates past a 6 h day make Plan warn; a longer day on Account takes the warning away', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('estimates');
  const slides = await api.createTask(user, 'Review the slides', { planned: true });
  await api.setEstimate(user, slides, 270);
  await openSignedIn(page, user, '/execute');

  // Quick add reads an estimate at the end of the line, shown as a chip before Enter.
  await page.getByRole('button', { name: '+ Quick Add' }).click();
  const field = page.getByRole('textbox', { name: 'Quick Add' });
  await field.fill('Write the report 4h');
  const chips = page.getByRole('list', { name: 'Understood from the text' });
  await expect(chips.getByRole('listitem')).toHaveText(['4 h']);
  await field.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Write the report', exact: true })).toBeVisible();
  await expect(page.getByText(/^8 h 30 min left$/)).toBeVisible();
  // Late in the day the 8 h 30 min run past midnight.
  await expect(page.getByText(/^done around \d\d:\d\d( tomorrow)?$/)).toBeVisible();

  await page.goto('/plan');
  const load = page.getByRole('region', { name: 'Today’s load' });
  await expect(load).toContainText('8 h 30 min planned of 6 h');
  await expect(load).toContainText('2 h 30 min more than your 6 h day');

  // Today's weekday holds 9 hours from now on.
  const weekday = WEEKDAYS[weekdayOfDay(todayIn(new Date(), 'UTC')) - 1]!;
  await page.goto('/account');
  await page.getByRole('combobox', { name: weekday, exact: true }).selectOption({ label: '9 h' });
  await expect
    .poll(async () => (await api.workspace(user)).days.capacity[WEEKDAYS.indexOf(weekday)])
    .toBe(540);

  await page.goto('/plan');
  await expect(load).toContainText('8 h 30 min planned of 9 h');
  await expect(load).not.toContainText('more than');
});

test('a row’s estimate is set from its menu and with m, and shown as a badge', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('estimaterow');
  await api.createTask(user, 'Call Anna', { planned: true });
  await openSignedIn(page, user, '/execute');
  await page.getByRole('button', { name: 'Options for Call Anna' }).click();
  await page.getByRole('menuitem', { name: 'Estimate…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Estimate' });
  const length = dialog.getByRole('textbox', { name: 'How long will “Call Anna” take?' });
  await length.fill('4 min');
  await length.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(/from 5 minutes to 8 hours/);
  await length.fill('1h30');
  await length.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTitle('Estimate')).toHaveText('Estimate 1 h 30 min');

  await page.getByRole('checkbox', { name: 'Call Anna', exact: true }).focus();
  await page.keyboard.press('m');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Clear estimate' }).click();
  await expect(page.getByTitle('Estimate')).toHaveCount(0);
  await expect.poll(async () => (await api.workspace(user)).tasks[0]?.estimate).toBeNull();
});
