import { addDaysTo, todayIn } from '@hustle/shared/days';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 31: a task opens — its notes and its checklist. */

test('a task opens: a note with a link and a list, a checklist added and reordered, 2/3 on its row', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('details');
  await api.createTask(user, 'Paint the fence', { planned: true });
  await openSignedIn(page, user, '/execute');

  // Enter on the focused row opens the task; the address says which.
  await page.getByRole('checkbox', { name: 'Paint the fence', exact: true }).focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Task details' });
  await expect(sheet).toBeVisible();
  await expect(page).toHaveURL(/[?&]task=/);
  await expect(sheet.getByRole('textbox', { name: 'Task name' })).toHaveValue('Paint the fence');

  await sheet.getByRole('button', { name: 'Add notes' }).click();
  await sheet
    .getByRole('textbox', { name: 'Notes' })
    .fill('Buy **white** paint\n\n- sandpaper\n- a [good brush](https://example.com/brush)');

  const newItem = sheet.getByRole('textbox', { name: 'New checklist item' });
  for (const name of ['Prime', 'Sand', 'Paint']) {
    await newItem.fill(name);
    await newItem.press('Enter');
  }
  // The note shows rendered once the field is left: a list, and a link to a new tab.
  const link = sheet.getByRole('link', { name: 'good brush' });
  await expect(link).toHaveAttribute('href', 'https://example.com/brush');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(sheet.getByRole('listitem').filter({ hasText: 'sandpaper' })).toBeVisible();

  // Sand goes first: Alt+↑ on its row.
  await sheet.getByRole('checkbox', { name: 'Sand' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  const checklist = sheet.getByRole('list', { name: 'Checklist' });
  await expect(checklist.getByRole('checkbox')).toHaveCount(3);
  await expect
    .poll(async () =>
      checklist
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label'))),
    )
    .toEqual(['Sand', 'Prime', 'Paint']);
  await sheet.getByRole('checkbox', { name: 'Sand' }).click();
  await expect(sheet.getByRole('checkbox', { name: 'Sand' })).toBeChecked();
  await sheet.getByRole('checkbox', { name: 'Prime' }).click();
  await expect(sheet.getByRole('checkbox', { name: 'Prime' })).toBeChecked();

  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]task=/);

  const row = page.locator('[data-task-row]').filter({ hasText: 'Paint the fence' });
  await expect(row.getByText('2/3')).toBeVisible();
  await expect(row.getByTitle('Has notes')).toBeVisible();

  // Saved on the server, in its order, after a reload too.
  await page.reload();
  await expect(
    page.locator('[data-task-row]').filter({ hasText: 'Paint the fence' }).getByText('2/3'),
  ).toBeVisible();
  await page.getByText('Paint the fence', { exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Task details' });
  await expect(again.getByRole('list', { name: 'Checklist' }).getByRole('checkbox')).toHaveCount(3);
  await expect(again.getByRole('link', { name: 'good brush' })).toBeVisible();
  // The back gesture closes it.
  await page.goBack();
  await expect(again).toHaveCount(0);
});

test('the sheet plans a task for a day, sets its deadline and offers to repeat it; kept after a reload', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('schedule');
  const home = await api.createProject(user, 'Home');
  const task = await api.createTask(user, 'Water the plants', { projectId: home });
  const today = todayIn(new Date(), 'UTC');
  const tomorrow = addDaysTo(today, 1);
  await openSignedIn(page, user, `/plan?task=${task}`);
  const sheet = page.getByRole('dialog', { name: 'Task details' });
  await expect(sheet.getByText('Not planned')).toBeVisible();

  // A day already over is refused where it was typed, and nothing is sent.
  const planned = sheet.getByLabel('Planned day');
  await planned.fill(addDaysTo(today, -1));
  await sheet.getByRole('button', { name: 'Plan for this day' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Pick today or a later day.');

  await planned.fill(tomorrow);
  await planned.press('Enter');
  await expect(sheet.getByText(/^Tomorrow, /)).toBeVisible();
  await sheet.getByLabel('Deadline', { exact: true }).fill(addDaysTo(today, 3));
  await sheet.getByRole('button', { name: 'Set deadline' }).click();
  await expect(sheet.getByText('3 days left')).toBeVisible();
  await expect
    .poll(async () => (await api.workspace(user)).projects[0]?.tasks[0])
    .toMatchObject({ plannedFor: tomorrow, deadline: addDaysTo(today, 3) });

  await page.reload();
  const again = page.getByRole('dialog', { name: 'Task details' });
  await expect(again.getByLabel('Planned day')).toHaveValue(tomorrow);
  await expect(again.getByLabel('Deadline', { exact: true })).toHaveValue(addDaysTo(today, 3));

  // Unplanned and its deadline cleared from the sheet, the task is as it was.
  await again.getByRole('button', { name: 'Take off the plan' }).click();
  await again.getByRole('button', { name: 'Clear deadline' }).click();
  await expect(again.getByText('Not planned')).toBeVisible();
  await expect(again.getByText('No deadline')).toBeVisible();
  await expect
    .poll(async () => (await api.workspace(user)).projects[0]?.tasks[0])
    .toMatchObject({ plannedFor: null, deadline: null, planned: false });

  await again.getByRole('link', { name: 'Repeat…' }).click();
  await page.waitForURL('**/automation/configure/create?**');
  await expect(page.getByLabel('Task name:')).toHaveValue('Water the plants');
  await expect(page.getByLabel('Adds tasks to')).toHaveValue(home);
});
