import { addDaysTo, todayIn } from '@hustle/shared/days';
import type { Page } from '@playwright/test';
import { dragWithMouse, liftedCopy, pickUpWithKeyboard } from '../support/drag.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 29: Upcoming (the next 14 days) and deadlines set from a task's menu. */

const todayUtc = () => todayIn(new Date(), 'UTC');

/** How a screen reader hears a day, as Upcoming's lists are named: 'Sunday 29 November'. */
const spoken = (day: string) => {
  const long = new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const offset = Math.round((Date.parse(day) - Date.parse(todayUtc())) / 86_400_000);
  if (offset === 0) return `Today, ${long}`;
  return offset === 1 ? `Tomorrow, ${long}` : long;
};

const dayList = (page: Page, day: string) =>
  page.getByRole('list', { name: `Planned for ${spoken(day)}`, exact: true });

test('a task planned for tomorrow shows under tomorrow in Upcoming; moved a day by keyboard, it stays after a reload', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('upcoming');
  const tomorrow = addDaysTo(todayUtc(), 1);
  const call = await api.createTask(user, 'Call Anna', { planned: false });
  await api.planForDay(user, call, tomorrow);
  await openSignedIn(page, user, '/upcoming');

  await expect(page.getByRole('heading', { name: 'Upcoming', level: 1 })).toBeVisible();
  await expect(dayList(page, tomorrow).getByRole('checkbox', { name: 'Call Anna' })).toBeVisible();

  // Alt+↓ on the row: one day later.
  await dayList(page, tomorrow).getByRole('checkbox', { name: 'Call Anna' }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  const dayAfter = addDaysTo(tomorrow, 1);
  await expect(dayList(page, dayAfter).getByRole('checkbox', { name: 'Call Anna' })).toBeFocused();
  await expect(page.getByText(`Call Anna moved to ${spoken(dayAfter)}.`)).toBeAttached();

  // The keyboard drag from the handle: a day per arrow press, Space drops it.
  await pickUpWithKeyboard(page, page.getByRole('button', { name: 'Reorder Call Anna' }));
  await page.keyboard.press('ArrowDown');
  const third = addDaysTo(dayAfter, 1);
  await expect(page.getByText(`Call Anna is over ${spoken(third)}.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(dayList(page, third).getByRole('checkbox', { name: 'Call Anna' })).toBeVisible();

  await expect
    .poll(async () => (await api.workspace(user)).tasks.find((t) => t.id === call)?.plannedFor)
    .toBe(third);
  await page.reload();
  await expect(dayList(page, third).getByRole('checkbox', { name: 'Call Anna' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Call Anna' })).toHaveCount(1);
});

test('a task dragged onto another day in Upcoming is planned for that day', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('upcoming-drag');
  await api.createTask(user, 'Buy stamps', { planned: true });
  await openSignedIn(page, user, '/upcoming');
  const today = todayUtc();
  const row = dayList(page, today).getByRole('checkbox', { name: 'Buy stamps' });
  await expect(row).toBeVisible();

  const target = addDaysTo(today, 2);
  const day = page.locator(`[data-upcoming-day="${target}"]`);
  await dragWithMouse(page, row, day, 8);
  await expect(dayList(page, target).getByRole('checkbox', { name: 'Buy stamps' })).toBeVisible();
  await expect.poll(async () => (await api.workspace(user)).tasks[0]?.plannedFor).toBe(target);
});

test('a deadline set from the task’s menu shows as a chip with the days left, and in Upcoming', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('deadline');
  await api.createTask(user, 'Send the tax return', { planned: true });
  await openSignedIn(page, user, '/execute');
  await page.getByRole('button', { name: 'Options for Send the tax return' }).click();
  await page.getByRole('menuitem', { name: 'Set deadline' }).click();
  const due = addDaysTo(todayUtc(), 3);
  const dialog = page.getByRole('dialog', { name: 'Deadline' });
  await dialog.getByLabel('When is “Send the tax return” due?').fill(due);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('3 days left')).toBeVisible();

  await page.reload();
  await expect(page.getByText('3 days left')).toBeVisible();
  await page.goto('/upcoming');
  const also = page.getByRole('list', { name: `Also on ${spoken(due)}` });
  await expect(also.getByText('Send the tax return')).toBeVisible();

  // Cleared again from the same menu.
  await page.goto('/execute');
  await page.getByRole('button', { name: 'Options for Send the tax return' }).click();
  await page.getByRole('menuitem', { name: 'Change deadline' }).click();
  await page.getByRole('button', { name: 'Clear deadline' }).click();
  await expect(page.getByText('3 days left')).toHaveCount(0);
  await expect.poll(async () => (await api.workspace(user)).tasks[0]?.deadline).toBeNull();
});

test('a task dragged onto a day of Plan’s day bar is planned for that day', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('daybar-drag');
  await api.createTask(user, 'Renew the parking permit', { planned: false });
  await openSignedIn(page, user, '/plan');
  const bar = page.getByRole('radiogroup', { name: 'Plan for' });
  const target = addDaysTo(todayUtc(), 2);
  const row = page.getByRole('checkbox', { name: 'Renew the parking permit', exact: true });
  const from = (await row.boundingBox())!;
  const to = (await bar.locator(`#day-${target}`).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await expect(liftedCopy(page)).toBeVisible();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();

  await expect(bar.locator(`#day-${target}`)).toHaveAccessibleName(/, 1 planned$/);
  await expect.poll(async () => (await api.workspace(user)).tasks[0]?.plannedFor).toBe(target);
  // Dropped, not clicked: the row's box did not plan it for today as well.
  await expect(
    page.getByRole('checkbox', { name: 'Renew the parking permit', exact: true }),
  ).toBeChecked();
});

test('the palette shows a task planned for a later day under its day in Upcoming, not on Execute', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('palette-day');
  const tomorrow = addDaysTo(todayUtc(), 1);
  const call = await api.createTask(user, 'Call Anna', { planned: false });
  await api.planForDay(user, call, tomorrow);
  await api.createTask(user, 'Buy stamps', { planned: true });
  await openSignedIn(page, user, '/execute');
  await expect(page.getByRole('checkbox', { name: 'Buy stamps', exact: true })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('Call Anna');
  await expect(palette.getByRole('option', { name: /^Call Anna/ })).toHaveCount(1);
  await expect(palette.getByRole('option').first()).toHaveText(/Call Anna/);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/upcoming$/);
  await expect(dayList(page, tomorrow).getByRole('checkbox', { name: 'Call Anna' })).toBeFocused();
});
