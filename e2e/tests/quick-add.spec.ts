import { addDaysTo, todayIn } from '@hustle/shared/days';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 29 item 6: quick add understands days and repeats, and shows it before Enter. */

const todayUtc = () => todayIn(new Date(), 'UTC');

test('quick add “Call Anna tomorrow” lands on tomorrow and not on today’s Execute', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('quickday');
  await openSignedIn(page, user, '/execute');
  await page.getByRole('button', { name: '+ Quick Add' }).click();
  const field = page.getByRole('textbox', { name: 'Quick Add' });
  await field.fill('Call Anna tomorrow');
  const chips = page.getByRole('list', { name: 'Understood from the text' });
  await expect(chips.getByRole('listitem')).toHaveText(['Tomorrow']);
  await expect(field).toHaveAccessibleDescription(/^Enter adds “Call Anna”: planned for Tomorrow/);
  await field.press('Enter');

  await expect(field).toHaveValue('');
  await expect
    .poll(async () => {
      const workspace = await api.workspace(user);
      return workspace.tasks.map((task) => [task.name, task.plannedFor]);
    })
    .toEqual([['Call Anna', addDaysTo(todayUtc(), 1)]]);
  // Not on today's list, now or after a reload.
  await expect(page.getByRole('checkbox', { name: 'Call Anna', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ready to execute!' })).toBeVisible();

  // Plan shows it waiting for tomorrow, with its day chip.
  await page.goto('/plan');
  const bar = page.getByRole('radiogroup', { name: 'Plan for' });
  await expect(bar.getByRole('radio', { name: /^Tomorrow, .*, 1 planned$/ })).toBeVisible();
  await expect(page.getByText('Planned for Tomorrow')).toBeVisible();

  // Upcoming shows it under tomorrow's date, and under no other day.
  await page.goto('/upcoming');
  const tomorrow = addDaysTo(todayUtc(), 1);
  const date = new Date(`${tomorrow}T00:00:00.000Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const tomorrowsList = page.getByRole('list', {
    name: `Planned for Tomorrow, ${date}`,
    exact: true,
  });
  await expect(tomorrowsList.getByRole('checkbox', { name: 'Call Anna' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Call Anna' })).toHaveCount(1);
  await expect(
    page.locator(`[data-upcoming-day="${tomorrow}"]`).getByRole('checkbox', { name: 'Call Anna' }),
  ).toBeVisible();
});

test('“every monday” from quick add becomes a weekly automation, not a task', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('quickrepeat');
  await openSignedIn(page, user, '/plan');
  const field = page.getByRole('textbox', { name: 'New inbox task' });
  await field.fill('Water plants every monday');
  const chips = page.getByRole('list', { name: 'Understood from the text' });
  await expect(chips.getByRole('listitem')).toHaveText(['Every Monday']);
  await field.press('Enter');
  await expect(
    page.getByText('Repeat added: every monday. Find it under Automation.'),
  ).toBeVisible();

  await expect
    .poll(() => api.automations(user))
    .toEqual([
      expect.objectContaining({
        trigger: { frequency: 'WEEKLY', weekdays: [1] },
        steps: [{ type: 'TASK', payload: { taskName: 'Water plants' } }],
      }),
    ]);
  expect((await api.workspace(user)).tasks).toEqual([]);
  // Typed in the inbox with no #project: its tasks go to the inbox.
  expect((await api.automations(user))[0]?.projectId).toBeUndefined();
});

test('“every monday #Home” from quick add becomes a weekly automation in Home', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('quickrepeathome');
  const home = await api.createProject(user, 'Home');
  await openSignedIn(page, user, '/plan');
  const field = page.getByRole('textbox', { name: 'New inbox task' });
  await field.fill('Water plants every monday #Home');
  const chips = page.getByRole('list', { name: 'Understood from the text' });
  await expect(chips.getByRole('listitem')).toHaveText(['Every Monday', 'Home']);
  await field.press('Enter');
  await expect(
    page.getByText('Repeat added: every monday. Find it under Automation.'),
  ).toBeVisible();

  await expect
    .poll(async () =>
      (await api.automations(user)).map((automation) => [
        automation.trigger,
        automation.steps,
        automation.projectId,
      ]),
    )
    .toEqual([
      [
        { frequency: 'WEEKLY', weekdays: [1] },
        [{ type: 'TASK', payload: { taskName: 'Water plants' } }],
        home,
      ],
    ]);
  // The editor shows the project it adds to.
  const [made] = await api.automations(user);
  await page.goto(`/automation/configure/${made!.id}/edit`);
  await expect(page.getByLabel('Adds tasks to')).toHaveValue(home);
  expect((await api.workspace(user)).tasks).toEqual([]);
});

test('a removed chip keeps its words in the task’s name', async ({ page, api, signUp }) => {
  const user = await signUp('quickremove');
  await openSignedIn(page, user, '/plan');
  const field = page.getByRole('textbox', { name: 'New inbox task' });
  await field.fill('Read May report tomorrow');
  const remove = page.getByRole('button', { name: /^Remove: planned for Tomorrow/ });
  await remove.focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByRole('list', { name: 'Understood from the text' })).toHaveCount(0);
  await field.press('Enter');
  await expect
    .poll(async () => (await api.workspace(user)).tasks.map((task) => [task.name, task.plannedFor]))
    .toEqual([['Read May report tomorrow', null]]);
});

test('quick add “Call Ana tomorrow 9:00” plans it for tomorrow with a reminder, asking to notify', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('quickremind');
  // What the browser is asked, counted: the question itself is the browser's to show.
  await page.addInitScript(() => {
    const ask = Notification.requestPermission.bind(Notification);
    Object.assign(window, { askedToNotify: 0 });
    Notification.requestPermission = () => {
      (window as unknown as { askedToNotify: number }).askedToNotify += 1;
      return ask();
    };
  });
  await openSignedIn(page, user, '/plan');
  const field = page.getByRole('textbox', { name: 'New inbox task' });
  const chips = page.getByRole('list', { name: 'Understood from the text' });

  // A time already gone today is refused, its words kept.
  await field.fill('Call Ana at 0:00');
  await expect(chips.getByRole('listitem')).toHaveText([
    'That time has passed today: “at 0:00” stays in the name',
  ]);

  await field.fill('Call Ana tomorrow 9:00');
  await expect(chips.getByRole('listitem')).toHaveText(['Tomorrow', 'Tomorrow 09:00']);
  await expect(field).toHaveAccessibleDescription(
    /^Enter adds “Call Ana”: planned for Tomorrow, .*; reminder Tomorrow, .*, 09:00\.$/,
  );
  await field.press('Enter');
  await expect(field).toHaveValue('');

  const tomorrow = addDaysTo(todayUtc(), 1);
  await expect
    .poll(async () =>
      (await api.workspace(user)).tasks.map((task) => [task.name, task.plannedFor, task.remindAt]),
    )
    .toEqual([['Call Ana', tomorrow, `${tomorrow}T09:00:00.000Z`]]);
  expect(
    await page.evaluate(() => (window as unknown as { askedToNotify: number }).askedToNotify),
  ).toBe(1);

  // The row shows the reminder, as one set in the details does.
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: 'Call Ana' }) });
  await expect(row.getByTitle(/^Reminder: Tomorrow, .*, 09:00$/)).toBeVisible();
  await expect(row.getByText('Tomorrow 09:00')).toBeVisible();
});
