import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 30 item 2: focus on a task — a timer kept as start times, across a reload. */

/** The clock's face as seconds: "1:05" is 65. */
const secondsOn = (text: string) => {
  const parts = text
    .replace(/[^\d:]/g, '')
    .split(':')
    .map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
};

test('a focus session runs across a reload from the same start, and its time shows on the task', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('focus');
  const report = await api.createTask(user, 'Write the report', { planned: true });
  await api.setEstimate(user, report, 60);
  await openSignedIn(page, user, '/execute');

  // The row's button starts the timer; the top bar shows the task and its clock.
  await page.getByRole('button', { name: 'Start focus on Write the report' }).click();
  const timer = page.getByRole('group', { name: 'Focus on Write the report' });
  const clock = timer.getByRole('timer');
  await expect(clock).toHaveText(/^Time spent 0:0\d$/);
  await expect(page).toHaveTitle(/^0:0\d · /);
  await expect(
    page.getByRole('button', { name: 'Stop focus on Write the report' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await api.workspace(user)).focus?.startedAt ?? null)
    .not.toBeNull();
  const { focus } = await api.workspace(user);
  await page.waitForTimeout(2_000);

  // After a reload the clock goes on from the same stored start, not from zero.
  await page.reload();
  await expect(clock).toBeVisible();
  const shown = secondsOn((await clock.textContent()) ?? '');
  const sinceStart = Math.floor((Date.now() - Date.parse(focus!.startedAt!)) / 1000);
  expect(shown).toBeGreaterThanOrEqual(2);
  expect(Math.abs(shown - sinceStart)).toBeLessThanOrEqual(2);
  expect((await api.workspace(user)).focus?.startedAt).toBe(focus!.startedAt);

  // Stop: the timer goes, the tab title loses its prefix, the time is the task's.
  await timer.getByRole('button', { name: 'Stop focus' }).click();
  await expect(timer).toHaveCount(0);
  await expect(page).not.toHaveTitle(/·/);
  await expect.poll(async () => (await api.workspace(user)).focus).toBeNull();
  const spent = (await api.workspace(user)).tasks[0]!.actualSeconds;
  expect(spent).toBeGreaterThanOrEqual(2);
  await expect(page.getByTitle('Time spent of the estimate')).toHaveText(
    'Time spent <1 min of 1 h',
  );
});

test('f on a focused row starts and stops the timer; the details list the entries, deletable and undoable', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('focuskeys');
  const tap = await api.createTask(user, 'Fix the kitchen tap', { planned: true });
  const start = new Date(Date.now() - 50 * 60_000).toISOString();
  const entry = await api.startFocus(user, tap, start);
  await api.endFocus(user, entry, new Date(Date.now() - 25 * 60_000).toISOString());
  await openSignedIn(page, user, '/execute');
  await expect(page.getByTitle('Time spent')).toHaveText('Time spent 25 min');

  await page.getByRole('checkbox', { name: 'Fix the kitchen tap', exact: true }).focus();
  await page.keyboard.press('f');
  const timer = page.getByRole('group', { name: 'Focus on Fix the kitchen tap' });
  await expect(timer).toBeVisible();
  await timer.getByRole('button', { name: 'Pause focus' }).click();
  await expect(timer.getByRole('button', { name: 'Resume focus' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Fix the kitchen tap', exact: true }).focus();
  await page.keyboard.press('f');
  await expect(timer.getByRole('button', { name: 'Pause focus' })).toBeVisible();
  await timer.getByRole('button', { name: 'Stop focus' }).click();
  await expect(timer).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Fix the kitchen tap', exact: true }).focus();
  await page.keyboard.press('o');
  const sheet = page.getByRole('dialog', { name: 'Task details' });
  const entries = sheet.getByRole('list', { name: 'Time entries' });
  await expect(entries.getByRole('listitem')).toHaveCount(3);
  await expect(entries.getByRole('listitem').last()).toContainText('25 min');
  await entries
    .getByRole('button', { name: /^Delete the entry/ })
    .last()
    .click();
  await expect(entries.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(entries.getByRole('listitem')).toHaveCount(3);
  await expect
    .poll(async () => (await api.workspace(user)).tasks[0]!.actualSeconds)
    .toBeGreaterThanOrEqual(1500);
});
