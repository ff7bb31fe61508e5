import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { listControls, walkWith, type TabWalk } from '../support/keyboard.ts';
import { seedLivedIn, seedProject } from '../support/seed.ts';
import { openSignedIn } from '../support/session.ts';

/**
 * Issue 13, keyboard reach: on each screen every visible control takes the focus by Tab (a
 * menu's items by the arrow keys once it is open) and shows a focus ring; the main actions work
 * from the keyboard alone.
 */

async function expectReachable(page: Page, where: string, within?: string): Promise<TabWalk> {
  // A focus ring that fades in would be caught half drawn.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const controls = await listControls(page, within);
  expect(controls.length, `${where}: controls found`).toBeGreaterThan(0);
  const walk = await walkWith(page, controls, { from: within ? 'focus' : 'top' });
  expect({ where, unreached: walk.unreached, withoutRing: walk.withoutRing }).toEqual({
    where,
    unreached: [],
    withoutRing: [],
  });
  test.info().annotations.push({
    type: 'keyboard reach',
    description: `${where}: ${controls.length} controls, ${walk.stops} Tab stops`,
  });
  return walk;
}

/** Opens a menu from its trigger with Enter, walks its items with ArrowDown, closes it. */
async function expectMenuByKeyboard(page: Page, trigger: Locator, where: string) {
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const items = await listControls(page, '[role="menu"]');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  const walk = await walkWith(page, items, { key: 'ArrowDown', from: 'focus' });
  expect({ where, unreached: walk.unreached, withoutRing: walk.withoutRing }).toEqual({
    where,
    unreached: [],
    withoutRing: [],
  });
  test.info().annotations.push({
    type: 'keyboard reach',
    description: `${where}: ${items.length} menu items, ${walk.stops} arrow stops`,
  });
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(trigger).toBeFocused();
}

/** Moves the focus with ArrowDown until `item` has it, then presses Enter on it. */
async function chooseFromMenu(page: Page, item: Locator) {
  for (
    let press = 0;
    press < 10 && !(await item.evaluate((el) => el === document.activeElement));
    press++
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
}

test.describe('keyboard reach', () => {
  test('the welcome and login screens: every control by Tab, sign-in by keyboard', async ({
    page,
  }) => {
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { name: 'Welcome to Hustle' })).toBeVisible();
    await expectReachable(page, 'welcome');

    await page.getByRole('link', { name: 'Log in with email' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible();
    await expectReachable(page, 'login');

    await page.getByLabel('Email').focus();
    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Check your email for a code' })).toBeVisible();
    await expectReachable(page, 'login code');
  });

  test('the plan screen: every control, its menus and modals by keyboard', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('keys-plan');
    await seedLivedIn(api, user);
    await seedProject(api, user, 'Launch', ['Draft the post', 'Ship it']);
    await openSignedIn(page, user, '/plan');
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    await expectReachable(page, 'plan');

    const launch = page.getByRole('article', { name: 'Launch', exact: true });
    const projectActions = launch.getByRole('button', { name: 'Project actions' });
    await expectMenuByKeyboard(page, projectActions, 'project menu');
    await expectMenuByKeyboard(page, page.getByRole('button', { name: user.email }), 'user menu');

    const task = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox', { name: 'Renew the parking permit' }) });
    await task.getByRole('button', { name: 'Task actions' }).focus();
    await page.keyboard.press('Enter');
    await expect(task.getByRole('button', { name: 'Rename' })).toBeFocused();
    await expectReachable(page, 'task actions', '[role="group"][aria-label="Task actions"]');

    await projectActions.focus();
    await page.keyboard.press('Enter');
    await chooseFromMenu(page, page.getByRole('menuitem', { name: 'Change color' }));
    const colors = page.getByRole('dialog', { name: 'Change color' });
    await expect(colors).toBeVisible();
    await expectReachable(page, 'change color modal', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(colors).toHaveCount(0);
  });

  test('the execute screen: every control, the row menu and Quick Add by keyboard', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('keys-execute');
    const projectId = await api.createProject(user, 'Home', '#3366ff');
    for (const name of ['Call the plumber', 'Water the plants', 'Reply to Sam']) {
      await api.createTask(user, name, { projectId, planned: true });
    }
    const done = await api.createTask(user, 'Buy stamps', { projectId: null, planned: true });
    await api.completeTask(user, done, { projectId: null });
    await openSignedIn(page, user, '/execute');
    await expect(page.getByRole('heading', { name: 'Completed tasks (1)' })).toBeVisible();
    await expectReachable(page, 'execute');

    await expectMenuByKeyboard(
      page,
      page.getByRole('button', { name: 'Options for Water the plants', exact: true }),
      'row menu',
    );

    await page.getByRole('button', { name: '+ Quick Add' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Quick Add' })).toBeFocused();
    await page.keyboard.type('Typed without a mouse');
    await page.keyboard.press('Enter');
    await expect(
      page
        .getByRole('list', { name: 'Planned tasks' })
        .getByRole('checkbox', { name: 'Typed without a mouse' }),
    ).toBeVisible();

    const plants = page.getByRole('checkbox', { name: 'Water the plants', exact: true });
    await plants.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { name: 'Completed tasks (2)' })).toBeVisible();
  });

  test('the automation screens: every control by Tab, a delete cancelled by Escape', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('keys-automation');
    await api.createAutomation(user, { dayOfMonth: 5, taskName: 'Pay rent', name: 'Rent' });
    await openSignedIn(page, user, '/automation');
    await expect(page.getByRole('heading', { name: 'Automation' })).toBeVisible();
    await expectReachable(page, 'automation');

    await page.getByRole('link', { name: 'Configure automations' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Configure automations' })).toBeVisible();
    await expectReachable(page, 'configure automations');

    await page.getByRole('button', { name: 'Delete Rent' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Automation' });
    await expect(confirm).toBeVisible();
    await expectReachable(page, 'delete automation modal', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);

    // The row menu opens and pauses by keyboard; the name leads to the automation's screen.
    await page.getByRole('button', { name: 'More for Rent' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Pause' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('PAUSED', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Rent' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Rent', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
    await expectReachable(page, 'automation detail');
    await page.getByRole('button', { name: 'Resume' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Skip the next run' })).toBeVisible();
    await page.getByRole('button', { name: 'Skip the next run' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('list', { name: 'History' }).getByRole('button', { name: /^Undo the skip/ }),
    ).toBeVisible();

    await page.goto('/automation/configure/create');
    await expect(page.getByLabel('Task name:')).toBeVisible();
    await expectReachable(page, 'new automation');
    // The frequency moves by arrow keys; weekdays toggle by Space.
    await page.getByRole('radio', { name: 'Monthly' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Weekly' })).toBeFocused();
    await page.getByRole('button', { name: 'Friday' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Friday' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectReachable(page, 'new weekly automation');
  });

  test('the subscription screen: every control by Tab, the billing switch by Space', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('keys-subscription');
    await api.putOnFreePlan(user);
    await openSignedIn(page, user, '/subscription');
    await expect(page.getByRole('heading', { name: 'Free', level: 2 })).toBeVisible();
    await expectReachable(page, 'subscription');

    await page.getByRole('switch', { name: 'Billed annualy' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Saving 20%')).toBeVisible();
  });

  test('the account screen: every control by Tab, the delete dialog’s too', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('keys-account');
    await api.signIn(user.email);
    await openSignedIn(page, user, '/account');
    await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();
    await expectReachable(page, 'account');

    await page.getByRole('button', { name: 'Delete account…' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    await expectReachable(page, 'delete account', '[role="dialog"]');
  });
});
