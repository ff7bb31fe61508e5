import type { Page } from '@playwright/test';
import type { Api, SignedInUser } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

const untilServer = <T>(read: () => Promise<T>) =>
  expect.poll(read, { intervals: [250], timeout: 8000 });

/** What the server holds: inbox task names, the planned list by name, and the completed ones. */
async function serverState(api: Api, user: SignedInUser) {
  const workspace = await api.workspace(user);
  const nameOf = new Map(workspace.tasks.map((task) => [task.id, task.name]));
  return {
    inbox: workspace.tasks.map((task) => task.name),
    planned: workspace.plannedTasks.map((id) => nameOf.get(id)),
    done: workspace.tasks.filter((task) => task.completedAt !== null).map((task) => task.name),
  };
}

/** The task row that has focus, by its check box's name. */
const focusedTask = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

test.describe('keyboard-first', () => {
  test('add, plan, go to Execute, reorder, complete and undo without the mouse', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('keys');
    await openSignedIn(page, user, '/plan');
    // The title shows before the workspace arrives; the field comes with the workspace.
    const field = page.getByRole('textbox', { name: 'New inbox task' });
    await expect(field).toBeVisible();

    // n: the inbox field takes focus, without the n in it.
    await page.keyboard.press('n');
    await expect(field).toBeFocused();
    for (const name of ['Write the report', 'Call the bank', 'Book the dentist']) {
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
    }
    await untilServer(async () => (await serverState(api, user)).inbox).toEqual([
      'Write the report',
      'Call the bank',
      'Book the dentist',
    ]);
    await expect(field).toHaveValue('');
    // Rows take focus once the server has given them their ids.
    await expect(
      page.getByRole('list', { name: 'Inbox tasks' }).getByRole('checkbox', { disabled: false }),
    ).toHaveCount(3);
    // Escape on the empty field lets go of it; j then starts at the first task.
    await page.keyboard.press('Escape');
    await expect(field).not.toBeFocused();

    await page.keyboard.press('j');
    await expect.poll(() => focusedTask(page)).toBe('Write the report');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedTask(page)).toBe('Book the dentist');
    await page.keyboard.press('Space');
    await untilServer(async () => (await serverState(api, user)).planned).toEqual([
      'Write the report',
      'Book the dentist',
    ]);

    await page.keyboard.press('2');
    await expect(page).toHaveURL(/\/execute$/);
    const planned = page.getByRole('list', { name: 'Planned tasks' });
    await expect(planned.getByRole('checkbox', { disabled: false })).toHaveCount(2);

    // Alt+↓ moves the focused task one place down, with the same call a drop sends.
    await page.keyboard.press('j');
    await expect.poll(() => focusedTask(page)).toBe('Write the report');
    await page.keyboard.press('Alt+ArrowDown');
    await expect(
      page.getByText('Write the report moved to position 2 of 2.', { exact: true }),
    ).toBeAttached();
    await untilServer(async () => (await serverState(api, user)).planned).toEqual([
      'Book the dentist',
      'Write the report',
    ]);
    await expect.poll(() => focusedTask(page)).toBe('Write the report');

    // k goes back up to the dentist; x completes it.
    await page.keyboard.press('k');
    await expect.poll(() => focusedTask(page)).toBe('Book the dentist');
    await page.keyboard.press('x');
    await expect(page.getByRole('list', { name: 'Completed tasks' })).toContainText(
      'Book the dentist',
    );
    await untilServer(async () => (await serverState(api, user)).done).toEqual([
      'Book the dentist',
    ]);
    await expect(planned.getByRole('checkbox')).toHaveCount(1);
    const before = await serverState(api, user);

    // Delete takes the focused task; Ctrl/⌘+Z brings it back, on the server, where it was.
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await expect.poll(() => focusedTask(page)).toBe('Write the report');
    await page.keyboard.press('Delete');
    await expect(planned.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Task deleted.' })).toBeVisible();
    expect((await serverState(api, user)).inbox).toEqual(['Call the bank', 'Book the dentist']);
    await page.keyboard.press('ControlOrMeta+z');
    await untilServer(() => serverState(api, user)).toEqual(before);
    await expect(planned.getByRole('checkbox', { name: 'Write the report' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Undone.' })).toBeVisible();
  });

  test('the palette finds a task by name and the sheet lists the shortcuts', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('keys');
    await api.createTask(user, 'Water the plants');
    await api.createTask(user, 'Call the bank');
    await openSignedIn(page, user, '/execute');
    await expect(page.getByRole('heading', { name: 'Ready to execute!' })).toBeVisible();

    await page.keyboard.press('ControlOrMeta+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('bank');
    // The task first, chosen by Enter; the search over notes and archives offered after it.
    await expect(palette.getByRole('option', { name: /Call the bank/ })).toHaveCount(1);
    await expect(palette.getByRole('option').first()).toHaveText(/Call the bank/);
    await expect(palette.getByRole('option').last()).toHaveText(/Search all tasks for “bank”/);
    await page.keyboard.press('Enter');

    // The task is shown where it lives, focused, and answers its keys there.
    await expect(page).toHaveURL(/\/plan$/);
    await expect.poll(() => focusedTask(page)).toBe('Call the bank');
    await page.keyboard.press('x');
    await untilServer(async () => (await serverState(api, user)).planned).toEqual([
      'Call the bank',
    ]);

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(
      sheet.getByText(/Move it up or down the Execute list, a Plan project card/),
    ).toBeVisible();
    // Keys belong to the open sheet: 2 does not leave the screen under it.
    await page.keyboard.press('2');
    await expect(page).toHaveURL(/\/plan$/);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
  });
});
