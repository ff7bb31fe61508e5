import { addDaysTo, todayIn } from '@hustle/shared/days';
import { liftedCopy } from '../support/drag.ts';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 29: days in the browser — tomorrow, the day bar, carry-over at midnight, deadlines. */

const todayUtc = () => todayIn(new Date(), 'UTC');

test('t plans the focused task for tomorrow: it leaves today’s Execute and waits in Plan', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('tomorrow');
  await api.createTask(user, 'Call Anna', { planned: true });
  await api.createTask(user, 'Buy stamps', { planned: true });
  await openSignedIn(page, user, '/execute');
  const row = page.getByRole('checkbox', { name: 'Call Anna', exact: true });
  await row.focus();
  await page.keyboard.press('t');
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Buy stamps', exact: true })).toBeVisible();

  await expect
    .poll(async () => {
      const workspace = await api.workspace(user);
      return workspace.tasks.find((task) => task.name === 'Call Anna')?.plannedFor;
    })
    .toBe(addDaysTo(todayUtc(), 1));

  await page.goto('/plan');
  const bar = page.getByRole('radiogroup', { name: 'Plan for' });
  await expect(bar.getByRole('radio', { name: /^Tomorrow, .*, 1 planned$/ })).toBeVisible();
  await expect(page.getByText('Planned for Tomorrow')).toBeVisible();
});

test('the day bar plans for the chosen day, by click and by the arrow keys', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('daybar');
  await api.createTask(user, 'Write the report', { planned: false });
  await api.createTask(user, 'Water the plants', { planned: false });
  await openSignedIn(page, user, '/plan');
  const bar = page.getByRole('radiogroup', { name: 'Plan for' });
  await bar.getByRole('radio', { name: /^Tomorrow/ }).click();
  await expect(page.getByText('Check a task to plan it for tomorrow.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Write the report', exact: true }).check();
  await expect(bar.getByRole('radio', { name: /^Tomorrow, .*, 1 planned$/ })).toBeVisible();

  // Two days further with the arrow keys, as in any radio group.
  await bar.getByRole('radio', { checked: true }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const third = addDaysTo(todayUtc(), 3);
  await expect(bar.getByRole('radio', { checked: true })).toHaveAttribute('id', `day-${third}`);
  await page.getByRole('checkbox', { name: 'Water the plants', exact: true }).check();
  await expect
    .poll(async () => {
      const workspace = await api.workspace(user);
      return workspace.tasks.map((task) => [task.name, task.plannedFor]);
    })
    .toEqual([
      ['Write the report', addDaysTo(todayUtc(), 1)],
      ['Water the plants', third],
    ]);
  // Nothing of theirs is on today's Execute list.
  await page.goto('/execute');
  await expect(page.getByRole('heading', { name: 'Ready to execute!' })).toBeVisible();
});

test('a day ends: an unfinished task is carried over to today, and a deadline counts down', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('carry');
  const report = await api.createTask(user, 'Finish the report', { planned: true });
  await api.setDeadline(user, report, addDaysTo(todayUtc(), 2));
  const late = await api.createTask(user, 'Pay the bill', { planned: true });
  await api.setDeadline(user, late, addDaysTo(todayUtc(), -1));
  await page.clock.install();
  await openSignedIn(page, user, '/execute');
  await expect(page.getByText('2 days left')).toBeVisible();
  await expect(page.getByText('1 day late')).toBeVisible();
  await expect(page.getByText('Carried over')).toHaveCount(0);

  // The page's clock passes its midnight: the copy is carried over at once, offline too.
  const tomorrow = addDaysTo(todayUtc(), 1);
  await page.clock.setSystemTime(new Date(`${tomorrow}T00:00:05.000Z`));
  await page.clock.runFor(31_000);
  await expect(page.getByText('Carried over')).toHaveCount(2);
  await expect(page.getByText('1 day left')).toHaveCount(0);
  await expect(page.getByText('Due tomorrow')).toBeVisible();
  await expect(page.getByText('2 days late')).toBeVisible();
});

test('planning for tomorrow offline waits in the outbox and reaches the server once', async ({
  page,
  context,
  api,
  signUp,
}) => {
  const user = await signUp('offline-day');
  await api.createTask(user, 'Call Anna', { planned: true });
  await openSignedIn(page, user, '/execute');
  const row = page.getByRole('checkbox', { name: 'Call Anna', exact: true });
  await expect(row).toBeVisible();
  const before = await api.workspace(user);
  const answered: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/plan-for-day')) answered.push(response.status());
  });

  await context.setOffline(true);
  await row.focus();
  await page.keyboard.press('t');
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /waiting/ })).toBeAttached();
  expect((await api.workspace(user)).tasks[0]?.plannedFor).toBe(todayUtc());

  await context.setOffline(false);
  await expect
    .poll(async () => (await api.workspace(user)).tasks[0]?.plannedFor, { timeout: 10_000 })
    .toBe(addDaysTo(todayUtc(), 1));
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({
    timeout: 10_000,
  });
  // Replayed once: the server answered one plan, and one write moved the version.
  expect(answered).toEqual([200]);
  expect((await api.workspace(user)).version).toBe(before.version + 1);
  await expect(row).toHaveCount(0);
});

test('over a project’s modal, Escape closes only the deadline dialog, and a drop on the day bar behind the modal plans nothing', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('daymodal');
  const garden = await api.createProject(user, 'Garden');
  await api.createTask(user, 'Prune the roses', { projectId: garden, planned: false });
  await openSignedIn(page, user, '/plan');
  await expect(page.getByRole('article', { name: 'Garden', exact: true })).toBeVisible();
  // The palette opens a project's modal.
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('Garden');
  await palette.getByRole('option', { name: /^Garden/ }).click();
  const modal = page.getByRole('dialog', { name: 'Garden' });
  const box = modal.getByRole('checkbox', { name: 'Prune the roses', exact: true });
  await expect(box).toBeVisible();

  // The deadline dialog opens over the modal; Escape closes it, and the modal stays.
  const row = modal
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: 'Prune the roses', exact: true }) });
  await row.hover();
  await row.getByRole('button', { name: 'Task actions' }).click();
  await row.getByRole('button', { name: 'Deadline' }).click();
  const deadline = page.getByRole('dialog', { name: 'Deadline' });
  await expect(deadline).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(deadline).toHaveCount(0);
  await expect(modal).toBeVisible();
  await expect(box).toBeVisible();

  // A row of the modal dragged to where a day of the bar lies behind the backdrop: no drop.
  const before = (await api.workspace(user)).version;
  const bar = page.getByRole('radiogroup', { name: 'Plan for', includeHidden: true });
  const pill = bar.locator(`#day-${addDaysTo(todayUtc(), 2)}`);
  const from = (await box.boundingBox())!;
  const to = (await pill.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await expect(liftedCopy(page)).toBeVisible();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(liftedCopy(page)).toHaveCount(0);

  // Then the box plans it for today: the one write the server sees is that one. (A click, then
  // the state: the box shows the plan once the cache has it, a tick after the click, where
  // Playwright's check() reads the box at once.)
  await expect(modal).toBeVisible();
  await box.click();
  await expect(box).toBeChecked();
  await expect
    .poll(async () => {
      const workspace = await api.workspace(user);
      const task = workspace.projects[0]!.tasks.find((one) => one.name === 'Prune the roses');
      return [task?.plannedFor, workspace.version];
    })
    .toEqual([todayUtc(), before + 1]);
});

test('a move to tomorrow is undone with Ctrl+Z: the task is back on today’s Execute, on the server too', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('undo-day');
  const call = await api.createTask(user, 'Call Anna', { planned: true });
  await api.createTask(user, 'Buy stamps', { planned: true });
  await openSignedIn(page, user, '/execute');
  const row = page.getByRole('checkbox', { name: 'Call Anna', exact: true });
  await row.focus();
  await page.keyboard.press('t');
  await expect(row).toHaveCount(0);
  const dayOf = async () =>
    (await api.workspace(user)).tasks.find((task) => task.id === call)?.plannedFor;
  await expect.poll(dayOf).toBe(addDaysTo(todayUtc(), 1));
  await expect(page.getByRole('status').filter({ hasText: 'Task moved.' })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+z');
  await expect(row).toBeVisible();
  await expect.poll(dayOf).toBe(todayUtc());
  await expect(page.getByRole('checkbox', { name: 'Buy stamps', exact: true })).toBeVisible();
});
