import { addDaysTo, todayIn } from '@hustle/shared/days';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 30 item 3: finishing the day from Execute, with a carry-over choice and a note. */

test('finishing a day with a carry-over choice: one task to tomorrow, one back to the inbox, a note on tomorrow’s plan; undone from its toast', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('finishday');
  const report = await api.createTask(user, 'Write the report', { planned: true });
  const call = await api.createTask(user, 'Call Anna', { planned: true });
  const bills = await api.createTask(user, 'Pay the bills', { planned: true });
  await api.setEstimate(user, bills, 30);
  await api.completeTask(user, bills);
  const today = todayIn(new Date(), 'UTC');
  await openSignedIn(page, user, '/execute');

  const dialog = page.getByRole('dialog', { name: 'Finish the day' });
  const where = (name: string) => dialog.getByRole('combobox', { name: `Where “${name}” goes` });
  const finish = async () => {
    await page.getByRole('button', { name: 'Finish the day' }).click();
    await expect(dialog.getByText(/^1 task done/)).toBeVisible();
    await expect(where('Write the report')).toHaveValue('tomorrow');
    await where('Call Anna').selectOption({ label: 'Back to the inbox' });
    await dialog.getByRole('textbox', { name: 'Note for tomorrow' }).fill('Start with the report');
    await dialog.getByRole('button', { name: 'Finish the day' }).click();
    await expect(dialog).toHaveCount(0);
  };
  const row = (name: string) => page.getByRole('checkbox', { name, exact: true });

  // Undone from its toast: the tasks back on today, the day not finished.
  await finish();
  await expect(row('Write the report')).toHaveCount(0);
  await page
    .getByRole('status')
    .filter({ hasText: 'Day finished.' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(row('Write the report')).toBeVisible();
  await expect(row('Call Anna')).toBeVisible();
  await expect.poll(async () => (await api.workspace(user)).dayReview).toBeNull();

  // Finished: Execute says so, and the carried tasks left today's list.
  await finish();
  await expect(page.getByText('Day finished', { exact: true })).toBeVisible();
  await expect(page.getByText('Your note for tomorrow: “Start with the report”')).toBeVisible();
  await expect(row('Write the report')).toHaveCount(0);
  await expect(row('Call Anna')).toHaveCount(0);
  await expect
    .poll(async () => {
      const workspace = await api.workspace(user);
      const day = (id: string) => workspace.tasks.find((task) => task.id === id)?.plannedFor;
      return { review: workspace.dayReview, report: day(report), call: day(call) };
    })
    .toEqual({
      review: { day: today, note: 'Start with the report' },
      report: addDaysTo(today, 1),
      call: null,
    });

  // Tomorrow's plan opens with the note.
  await page.goto('/plan');
  await page
    .getByRole('radiogroup', { name: 'Plan for' })
    .getByRole('radio', { name: /^Tomorrow/ })
    .click();
  await expect(page.getByRole('complementary', { name: 'Your note for tomorrow' })).toHaveText(
    /Start with the report/,
  );
});
