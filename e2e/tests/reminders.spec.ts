import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { setNotificationsPermission } from '../support/notifications.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 30 item 5, decisions 080 and 083: a task's reminder, set in the browser, shown by it. */

// The push handler lives in the offline worker (decision 028), which these scenarios need.
test.use({ serviceWorkers: 'allow' });

/** A time `hours` from now as the reminder field takes it, in the user's time zone (UTC here). */
const fieldTime = (hours: number) => {
  const at = new Date(Date.now() + hours * 3_600_000);
  return { at, text: at.toISOString().slice(0, 16) };
};

/** The worker's registration id, as the DevTools protocol names it, once the worker runs. */
async function workerRegistration(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const each of updated) if (!each.isDeleted) registrations.push(each.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  return { cdp, registrationId: registrations.at(-1)! };
}

/** The notifications the worker shows, read in the page. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map(({ title, body, tag, data }) => ({ title, body, tag, data }));
  });

async function openDetails(page: Page, name: string) {
  await page.getByRole('checkbox', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Task details' });
  await expect(sheet).toBeVisible();
  return sheet;
}

test('a reminder set on a task asks to notify, shows on its row, and its push shows a notification that names the task', async ({
  page,
  context,
  api,
  signUp,
  baseURL,
}) => {
  const user = await signUp('reminded');
  const taskId = await api.createTask(user, 'Call the dentist', { planned: true });
  await context.grantPermissions(['notifications']);
  await openSignedIn(page, user, '/execute');
  const { cdp, registrationId } = await workerRegistration(context, page);

  const sheet = await openDetails(page, 'Call the dentist');
  const field = sheet.getByLabel('Reminder time');
  await expect(sheet.getByText('Your time zone: UTC')).toBeVisible();

  // A past time is refused where it was typed, and nothing is sent.
  await field.fill(fieldTime(-2).text);
  await field.press('Enter');
  await expect(sheet.getByRole('alert')).toHaveText('That time has passed. Choose a later one.');

  const later = fieldTime(2);
  await field.fill(later.text);
  await sheet.getByRole('button', { name: 'Set reminder' }).click();
  await expect(sheet.getByRole('alert')).toHaveCount(0);
  // Permission is granted, so the browser is subscribed next; a Playwright context is a private
  // profile, where Chromium refuses push subscriptions, so the field says it could not be set up
  // (the subscription itself is covered by push-subscription.test.ts).
  const note = sheet.getByRole('status').filter({ hasText: 'browser' });
  await expect(note).toContainText(
    'Notifications could not be set up in this browser just now. The reminder is saved on the task.',
  );
  await expect(note.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Clear reminder' })).toBeVisible();
  const time = later.text.slice(11);
  const row = page.locator(`[data-task-id="${taskId}"]`);
  await expect(row.getByText(new RegExp(`^(Today|Tomorrow) ${time}$`))).toBeVisible();
  await expect(
    row.getByText(/^Reminder, (Today|Tomorrow), \w+ \d+ \w+, \d\d:\d\d$/),
  ).toBeAttached();

  // The server kept it, in UTC.
  await expect
    .poll(
      async () => (await api.workspace(user)).tasks.find((task) => task.id === taskId)?.remindAt,
    )
    .toBe(later.at.toISOString().slice(0, 16) + ':00.000Z');

  // The message the scheduler sends (decision 080), delivered to the worker as a push service would.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId,
    data: JSON.stringify({
      title: 'Reminder',
      body: 'Call the dentist',
      url: `/execute?task=${taskId}`,
      tag: `task-${taskId}`,
    }),
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Reminder',
        body: 'Call the dentist',
        tag: `task-${taskId}`,
        data: { url: `/execute?task=${taskId}` },
      },
    ]);

  // Cleared, it leaves the row.
  await sheet.getByRole('button', { name: 'Clear reminder' }).click();
  await expect(field).toHaveValue('');
  await expect(row.getByText(/^Reminder,/)).toHaveCount(0);
});

test('a browser that blocks notifications keeps the reminder and says how to allow them', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('blocked');
  const taskId = await api.createTask(user, 'Water the plants', { planned: true });
  await openSignedIn(page, user, '/execute');
  await setNotificationsPermission(page, 'denied');
  await expect.poll(() => page.evaluate(() => Notification.permission)).toBe('denied');

  const sheet = await openDetails(page, 'Water the plants');
  await sheet.getByLabel('Reminder time').fill(fieldTime(3).text);
  await sheet.getByLabel('Reminder time').press('Enter');
  const note = sheet.getByRole('status').filter({ hasText: 'browser' });
  await expect(note).toContainText('Your browser blocks notifications from Hustle');
  await expect(note).toContainText('The reminder is saved on the task.');
  await expect(note).toContainText('set Notifications to Allow');
  await expect(page.locator(`[data-task-id="${taskId}"]`).getByText(/^Reminder, /)).toBeAttached();
  await expect
    .poll(
      async () => (await api.workspace(user)).tasks.find((task) => task.id === taskId)?.remindAt,
    )
    .not.toBeNull();
});

test('a daily nudge turned on in the account asks to notify, turns off, and stays as set across a reload', async ({
  page,
  context,
  api,
  signUp,
}) => {
  const user = await signUp('nudged');
  await context.grantPermissions(['notifications']);
  await openSignedIn(page, user, '/account');
  const card = page.getByRole('region', { name: 'Daily nudges' });
  await expect(card.getByText('At these times in your time zone, UTC.')).toBeVisible();

  // The box shows the workspace's setting, which a command changes a tick after the click:
  // clicked, then awaited (Playwright's check() reads the box at once).
  const plan = card.getByRole('checkbox', { name: 'Plan your day' });
  const finish = card.getByRole('checkbox', { name: 'Finish the day' });
  await plan.click();
  await expect(plan).toBeChecked();
  const time = card.getByLabel('Plan your day at');
  await expect(time).toHaveValue('08:00');
  await time.fill('07:15');
  // Permission is granted; the private profile refuses the push subscription (see above), so
  // the card says the nudges will come by e-mail.
  await expect(card.getByRole('status')).toContainText(
    'Without a browser that shows them, nudges come by e-mail instead.',
  );
  await expect
    .poll(async () => (await api.workspace(user)).days)
    .toMatchObject({ planNudgeAt: '07:15', finishNudgeAt: null });

  // Turned on and off again: its time field goes, and so does the setting.
  await finish.click();
  await expect(finish).toBeChecked();
  await expect(card.getByLabel('Finish the day at')).toHaveValue('18:00');
  await expect.poll(async () => (await api.workspace(user)).days.finishNudgeAt).toBe('18:00');
  await finish.click();
  await expect(finish).not.toBeChecked();
  await expect(card.getByLabel('Finish the day at')).toHaveCount(0);
  await expect.poll(async () => (await api.workspace(user)).days.finishNudgeAt).toBeNull();

  await page.reload();
  await expect(plan).toBeChecked();
  await expect(card.getByLabel('Plan your day at')).toHaveValue('07:15');
  await expect(finish).not.toBeChecked();
});
