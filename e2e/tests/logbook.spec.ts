import { todayIn } from '@hustle/shared/days';
import { formatMinutes } from '@hustle/shared/estimates';
import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 30 item 4: the logbook keeps what Execute hides, and sums up the week. */

const MINUTE = 60_000;

/** Right after midnight there is no time yet today for the sessions to fill. */
async function untilTheDayIsTwoMinutesOld() {
  const sinceMidnight = Date.now() % (24 * 60 * MINUTE);
  if (sinceMidnight < 2 * MINUTE) {
    const wait = 2 * MINUTE - sinceMidnight;
    test.info().setTimeout(test.info().timeout + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

test('the logbook keeps completed tasks Execute hid, and its week totals count them, live', async ({
  page,
  api,
  signUp,
  server,
}) => {
  const user = await signUp('logbook');
  const report = await api.createTask(user, 'Write the report', { planned: true });
  const slides = await api.createTask(user, 'Review the slides', { planned: true });
  const call = await api.createTask(user, 'Call Anna', { planned: true });
  await api.setEstimate(user, report, 30);
  await api.setEstimate(user, slides, 20);

  // Two focus sessions earlier today (the last 50 minutes, or since midnight when the day is
  // younger): the day's line counts only today's focus, the week's figures all of it.
  await untilTheDayIsTwoMinutesOld();
  const now = Date.now();
  const today = todayIn(new Date(now), 'UTC');
  const from = Math.max(now - 50 * MINUTE, Date.parse(`${today}T00:00:00.000Z`));
  const span = now - MINUTE / 2 - from;
  const sessions = [
    { task: report, start: from, end: from + span * 0.5 },
    { task: slides, start: from + span * 0.6, end: from + span * 0.9 },
  ].map((s) => ({
    ...s,
    start: Math.floor(s.start / 1000) * 1000,
    end: Math.floor(s.end / 1000) * 1000,
  }));
  for (const { task, start, end } of sessions) {
    const entry = await api.startFocus(user, task, new Date(start).toISOString());
    await api.endFocus(user, entry, new Date(end).toISOString());
  }
  for (const task of [report, slides, call]) await api.completeTask(user, task);
  // Today's plan was finished ("Finish the day" writes this row).
  await server.database.db
    .insertInto('day_reviews')
    .values({
      workspace_id: user.workspaceId,
      day: today,
      finished_at: new Date().toISOString(),
      note: '',
    })
    .execute();

  const focusedSeconds = sessions.reduce((sum, s) => sum + (s.end - s.start) / 1000, 0);
  const focused = formatMinutes(focusedSeconds / 60);
  const accuracy = `${Math.round((focusedSeconds / (50 * 60)) * 100)}%`;

  // Execute hides them; the logbook (key 4) still lists all three under today.
  await openSignedIn(page, user, '/execute');
  await page.getByRole('button', { name: 'Hide completed' }).click();
  await expect(page.getByRole('button', { name: 'Hide completed' })).toHaveCount(0);
  await page.keyboard.press('4');
  await expect(page).toHaveURL(/\/logbook$/);
  const todays = page.getByRole('list', { name: 'Completed today' });
  await expect(todays.getByRole('button')).toHaveCount(3);
  await expect(todays.getByRole('button', { name: /Write the report/ })).toBeVisible();
  await expect(page.getByText(new RegExp(`^3 tasks done · ${focused} focused`))).toBeVisible();

  // The week: four figures, the accuracy said in words.
  await page.getByRole('button', { name: 'Week' }).click();
  await expect(page.getByRole('heading', { name: /This week/ })).toBeVisible();
  const figure = (label: string) =>
    page
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .last();
  await expect(figure('Tasks done')).toContainText('3');
  await expect(figure('Time focused')).toContainText(focused);
  await expect(figure('Estimate accuracy')).toContainText(accuracy);
  await expect(figure('Estimate accuracy')).toContainText('over 2 tasks with both');
  await expect(figure('Days finished')).toContainText('1 of 7');

  // A task completed on another device counts at once.
  const more = await api.createTask(user, 'Post the parcel', { planned: true });
  await api.completeTask(user, more);
  await expect(figure('Tasks done')).toContainText('4');
});
