import { expect, type Page } from '@playwright/test';
import { addDaysTo, todayIn } from '@hustle/shared/days';
import { PAGE_CALLS, type Api, type SignedInUser } from './api.ts';
import { pickUpWithKeyboard } from './drag.ts';
import { ADMIN_EMAIL, uniqueEmail } from './fixtures.ts';
import { seedLivedIn, seedProject } from './seed.ts';
import { failCall, holdCall } from './intercept.ts';
import { setNotificationsPermission } from './notifications.ts';
import { openImportDialog, pickImportFiles, todoistSample } from './portability.ts';
import { openSignedIn, readShownCode, storedToken } from './session.ts';

/**
 * Walks through every screen and the main modals, stopping at each state a person would look at.
 * The accessibility scenarios run axe at each stop; `npm run screenshots` takes a picture there.
 */
export interface Tour {
  /** What the tour covers, as the subject of a sentence. */
  title: string;
  walk(visit: Visit, stop: Stop): Promise<void>;
}

export interface Visit {
  page: Page;
  api: Api;
  signUp: (name: string) => Promise<SignedInUser>;
}

/**
 * A state worth looking at, by name (kebab-case; it names the screenshot file). `within` names
 * the part that is new in this state (a menu, a modal, a toast), when the rest of the screen was
 * already stopped at: axe then checks that part only.
 */
export type Stop = (name: string, options?: StopOptions) => Promise<void>;
export interface StopOptions {
  fullPage?: boolean;
  within?: string;
}

const MENU = '[role="menu"]';
const DIALOG = '[role="dialog"]';

/** Waits until nothing on the page is still moving (menus, modals and toasts animate in). */
export async function settle(page: Page) {
  // Two frames: whatever the page has rendered is painted and its animations have started.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Signed in: the screen's heading is there and so is the top bar (it appears after 500 ms). */
async function shown(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function closeDialog(page: Page, name: string) {
  await page.keyboard.press('Escape');
  await expect(dialog(page, name)).toHaveCount(0);
}

const signedOut: Tour = {
  title: 'the signed-out screens',
  async walk({ page, api, signUp }, stop) {
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { name: 'Welcome to Hustle' })).toBeVisible();
    await stop('welcome');

    await page.getByRole('link', { name: 'Log in with email' }).click();
    await expect(page.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible();
    await stop('login');

    // Changes kept for a user whose session ended in this browser (issue 28, decision 049).
    await page.evaluate(() =>
      localStorage.setItem(
        'hustleSealedChanges',
        JSON.stringify({ userId: 'u-sealed', email: 'ada@example.com', count: 2 }),
      ),
    );
    await page.reload();
    await expect(page.getByText(/2 changes made in this browser are kept for/)).toBeVisible();
    await stop('login-sealed-changes');
    await page.evaluate(() => localStorage.removeItem('hustleSealedChanges'));
    await page.reload();

    await page.getByLabel('Email').fill(uniqueEmail('visitor'));
    await page.getByRole('button', { name: 'Continue' }).click();
    const code = await readShownCode(page);
    await stop('login-code');
    await page.getByLabel('Character 1 of 6').focus();
    await page.keyboard.type(code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ');
    await expect(page.getByText('That code wasn’t valid. Have another go!')).toBeVisible();
    await stop('login-code-invalid');

    await page.goto('/magic-link');
    await expect(page.getByRole('heading', { name: 'Log in with a magic link' })).toBeVisible();
    await stop('magic-link');
    await page.getByLabel('Email').fill(uniqueEmail('visitor'));
    await page.getByRole('link', { name: 'Send me the link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email for a link' })).toBeVisible();
    await stop('magic-link-sent');
    // The confirm page is the server's own, not the web app's.
    await page.getByRole('link', { name: /auth\/magic\/confirm/ }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await stop('magic-link-confirm');
    await page.goto('/auth/magic/confirm?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await stop('magic-link-unusable');

    const host = await signUp('host');
    const inviteLink = await api.inviteLink(host, await api.createProject(host, 'Garden plans'));
    await page.goto(inviteLink);
    await expect(page.getByRole('link', { name: 'Log in to join' })).toBeVisible();
    await stop('invite-signed-out');
  },
};

const plan: Tour = {
  title: 'the plan screen and its modals',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('planner');
    await openSignedIn(page, user, '/plan');
    await shown(page, 'Welcome to your workspace!');
    await stop('plan-empty');

    await seedLivedIn(api, user);
    const tasks = Array.from({ length: 12 }, (_, index) => `Launch step ${index + 1}`);
    await seedProject(api, user, 'Launch', tasks, '#ff6250');
    await page.reload();
    await shown(page, 'Projects');
    await expect(card(page, 'Launch')).toBeVisible();
    const listView = page.getByRole('button', { name: 'List view' });
    // A phone has room for one column only, so it offers no choice of view.
    if (await listView.isVisible()) {
      await listView.click();
      await stop('plan-list', { fullPage: true });
      await page.getByRole('button', { name: 'Grid view' }).click();
      await stop('plan-grid', { fullPage: true });
    } else {
      await stop('plan', { fullPage: true });
    }

    await page.getByRole('button', { name: user.email }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await stop('user-menu', { within: MENU });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    // The palette's script loads on this first press; keys typed before its field is there are lost.
    await page.keyboard.press('ControlOrMeta+k');
    await expect(dialog(page, 'Command palette').getByRole('combobox')).toBeFocused();
    await page.keyboard.type('permit');
    await expect(
      dialog(page, 'Command palette').getByRole('option', { name: /Renew the parking permit/ }),
    ).toBeVisible();
    await stop('command-palette', { within: DIALOG });
    await closeDialog(page, 'Command palette');
    await page.keyboard.press('?');
    await expect(dialog(page, 'Keyboard shortcuts')).toBeVisible();
    await stop('shortcut-sheet', { within: DIALOG });
    await closeDialog(page, 'Keyboard shortcuts');

    const permit = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox', { name: 'Renew the parking permit' }) });
    await permit.hover();
    await permit.getByRole('button', { name: 'Task actions' }).click();
    await expect(permit.getByRole('button', { name: 'Rename' })).toBeVisible();
    await stop('plan-task-menu', { within: '[role="group"][aria-label="Task actions"]' });
    await page.reload();
    await shown(page, 'Projects');

    const launch = card(page, 'Launch');
    await launch.getByRole('button', { name: 'Project actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Change color' })).toBeVisible();
    await stop('plan-project-menu', { within: MENU });
    await page.getByRole('menuitem', { name: 'Change color' }).click();
    await expect(dialog(page, 'Change color')).toBeVisible();
    await stop('plan-change-color', { within: DIALOG });
    await closeDialog(page, 'Change color');

    await launch.getByRole('button', { name: '+2 more tasks' }).click();
    await expect(dialog(page, 'Launch').getByText('12 open tasks')).toBeVisible();
    await stop('plan-project-modal', { within: DIALOG });
    await closeDialog(page, 'Launch');

    // Someone joins, so the card carries the Shared mark and the modal lists them.
    const launchId = (await api.workspace(user)).projects.find((p) => p.name === 'Launch')!.id;
    const teammate = await signUp('teammate');
    await api.joinInvite(teammate, await api.inviteLink(user, launchId));
    await page.reload();
    await expect(launch.getByText('Shared with 1 person')).toBeVisible();
    await launch.scrollIntoViewIfNeeded();
    await stop('plan-shared-card');

    await launch.getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Invite' }).click();
    await expect(dialog(page, 'Invite others').getByText('Send link to users:')).toBeVisible();
    await expect(dialog(page, 'Invite others').getByText(teammate.email)).toBeVisible();
    await stop('plan-invite-modal', { within: DIALOG });
    await closeDialog(page, 'Invite others');

    await launch.getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(dialog(page, 'Delete project')).toBeVisible();
    await stop('plan-delete-project', { within: DIALOG });
    await closeDialog(page, 'Delete project');

    await card(page, 'Garden').getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Show archived projects (1)' }).click();
    await expect(page.getByRole('button', { name: 'Bring back Garden' })).toBeVisible();
    await stop('plan-archived', { fullPage: true });
    await page.getByRole('button', { name: 'Details of Garden' }).click();
    await expect(dialog(page, 'Garden')).toBeVisible();
    await stop('plan-archived-details', { within: DIALOG });
    await closeDialog(page, 'Garden');

    await page.getByRole('button', { name: 'Reorder' }).click();
    await expect(page.getByRole('list', { name: 'Projects in order' })).toBeVisible();
    await stop('plan-reorder');
  },
};

const execute: Tour = {
  title: 'the execute screen and its menus',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('executor');
    await openSignedIn(page, user, '/execute');
    await shown(page, 'Ready to execute!');
    await stop('execute-empty');

    const projects = [
      { name: 'Website relaunch', color: '#3366ff' },
      { name: 'Home', color: '#ffdf90' },
      { name: 'Side project', color: '#009379' },
    ];
    const projectIds: string[] = [];
    for (const { name, color } of projects)
      projectIds.push(await api.createProject(user, name, color));
    const names = [
      'Write the pricing page copy',
      'Read https://example.com/articles/a-very-long-address-about-planning before the call',
      'Call the plumber about the kitchen tap',
      'Prepare the quarterly numbers for the board meeting, including the regional breakdown',
      'Renew the parking permit',
      'Pick up the dry cleaning',
      'Book the dentist for next week',
      'Send the invoice to Maria',
      'Water the plants',
      'Reply to Sam',
    ];
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      const projectId = index % 4 === 3 ? null : (projectIds[index % 3] ?? null);
      ids.push(await api.createTask(user, name, { projectId, planned: true }));
      if (index >= 7) await api.completeTask(user, ids[index]!, { projectId });
    }
    await page.reload();
    await shown(page, 'Completed tasks (3)');
    await stop('execute', { fullPage: true });
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect(page.getByRole('checkbox', { name: names[1], exact: true })).toBeFocused();
    await stop('execute-row-focus');

    await page.getByRole('button', { name: '+ Quick Add' }).click();
    await page.getByRole('textbox', { name: 'Quick Add' }).fill('A new idea');
    await stop('execute-quick-add');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Options for ${names[0]}`, exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await stop('execute-row-menu', { within: MENU });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    await pickUpWithKeyboard(
      page,
      page.getByRole('button', { name: `Reorder ${names[0]}`, exact: true }),
    );
    await stop('execute-dragging');
    await page.keyboard.press('Escape');

    // Issue 16: a bulk change offers its undo in a toast.
    await page.getByRole('button', { name: 'Hide completed' }).click();
    const undoToast = page.getByRole('status').filter({ hasText: 'Completed tasks hidden.' });
    await expect(undoToast.getByRole('button', { name: 'Undo' })).toBeVisible();
    await stop('execute-undo-toast', { within: '[aria-label="Notifications"]' });
    await undoToast.getByRole('button', { name: 'Undo' }).click();
    await shown(page, 'Completed tasks (3)');
    const undone = page.getByRole('status').filter({ hasText: 'Undone.' });
    await undone.getByRole('button', { name: 'Dismiss' }).click();
    await expect(undone).toHaveCount(0);

    await failCall(page, PAGE_CALLS.completeTask, {
      status: 409,
      code: 'PROJECT_ARCHIVED',
      message: 'This project is archived.',
    });
    await page.getByRole('checkbox', { name: names[4], exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved: Complete' })).toBeVisible();
    await stop('execute-failed-complete', { within: '[aria-label="Notifications"]' });
    await page.unroute(PAGE_CALLS.completeTask);
  },
};

const days: Tour = {
  title: 'the days: the day bar, day marks and a carried-over list',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('planner');
    const today = todayIn(new Date(), 'UTC');
    const home = await api.createProject(user, 'Home', '#ffdf90');
    const report = await api.createTask(user, 'Finish the quarterly report', { planned: true });
    await api.setDeadline(user, report, addDaysTo(today, 3));
    const bill = await api.createTask(user, 'Pay the electricity bill', { planned: true });
    await api.setDeadline(user, bill, addDaysTo(today, -1));
    const call = await api.createTask(user, 'Call Anna about the trip', { planned: false });
    await api.planForDay(user, call, addDaysTo(today, 1));
    const tap = await api.createTask(user, 'Fix the kitchen tap', { projectId: home });
    await api.planForDay(user, tap, addDaysTo(today, 2), { projectId: home });
    await api.createTask(user, 'Repaint the fence', { projectId: home });
    await api.createTask(user, 'Book the dentist', { planned: false });
    await page.clock.install();
    await openSignedIn(page, user, '/plan');
    await shown(page, 'Plan');
    const bar = page.getByRole('radiogroup', { name: 'Plan for' });
    await expect(bar.getByRole('radio', { name: /^Tomorrow, .*, 1 planned$/ })).toBeVisible();
    await stop('days-plan', { fullPage: true });
    await bar.getByRole('radio', { name: /^Tomorrow/ }).click();
    await expect(page.getByText('Check a task to plan it for tomorrow.')).toBeVisible();
    await stop('days-plan-tomorrow');

    await page.goto('/execute');
    await expect(page.getByText('1 day late')).toBeVisible();
    await stop('days-execute');
    // The day ends while the page is open: what was left is carried over to the new today.
    await page.clock.setSystemTime(new Date(`${addDaysTo(today, 1)}T00:00:05.000Z`));
    await page.clock.runFor(31_000);
    await expect(page.getByText('Carried over').first()).toBeVisible();
    await stop('days-execute-carried-over');
  },
};

const upcoming: Tour = {
  title: 'Upcoming: the next 14 days, and the deadline dialog',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('upcoming');
    const today = todayIn(new Date(), 'UTC');
    const home = await api.createProject(user, 'Home', '#ffdf90');
    await api.createTask(user, 'Water the plants', { planned: true });
    const call = await api.createTask(user, 'Call Anna about the trip', { planned: false });
    await api.planForDay(user, call, addDaysTo(today, 1));
    const tap = await api.createTask(user, 'Fix the kitchen tap', { projectId: home });
    await api.planForDay(user, tap, addDaysTo(today, 1), { projectId: home });
    const dentist = await api.createTask(user, 'Book the dentist', { planned: false });
    await api.planForDay(user, dentist, addDaysTo(today, 3));
    const taxes = await api.createTask(user, 'Send the tax return', { planned: false });
    await api.setDeadline(user, taxes, addDaysTo(today, 3));
    await api.createAutomation(user, {
      dayOfMonth: Number(addDaysTo(today, 5).slice(8)),
      taskName: 'Pay the rent',
      name: 'Rent',
    });
    await openSignedIn(page, user, '/upcoming');
    await shown(page, 'Upcoming');
    await expect(page.getByRole('checkbox', { name: 'Call Anna about the trip' })).toBeVisible();
    await stop('upcoming', { fullPage: true });

    await page.getByRole('button', { name: 'Options for Call Anna about the trip' }).click();
    await page.getByRole('menuitem', { name: 'Set deadline' }).click();
    await expect(dialog(page, 'Deadline')).toBeVisible();
    await stop('upcoming-deadline', { within: DIALOG });
    await closeDialog(page, 'Deadline');
  },
};

const estimates: Tour = {
  title: 'estimates: Plan’s load bar under and over, Execute’s projected finish, Upcoming’s loads',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('estimates');
    const today = todayIn(new Date(), 'UTC');
    const home = await api.createProject(user, 'Home', '#ffdf90');
    const estimated = async (
      name: string,
      minutes: number,
      day: string | null,
      projectId: string | null = null,
    ) => {
      const id = await api.createTask(user, name, { planned: day === today, projectId });
      if (day && day !== today) await api.planForDay(user, id, day, { projectId });
      await api.setEstimate(user, id, minutes, { projectId });
      return id;
    };
    await estimated('Finish the quarterly report', 120, today);
    await estimated('Review the slides', 90, today);
    await api.createTask(user, 'Water the plants', { planned: true });
    await estimated('Call Anna about the trip', 30, addDaysTo(today, 1));
    await estimated('Fix the kitchen tap', 400, addDaysTo(today, 1), home);
    await estimated('Book the dentist', 15, addDaysTo(today, 3));
    const workshop = await api.createTask(user, 'Prepare the workshop', { planned: false });
    await openSignedIn(page, user, '/plan');
    await shown(page, 'Plan');
    const load = page.getByRole('region', { name: 'Today’s load' });
    await expect(load).toContainText('3 h 30 min planned of 6 h');
    await stop('estimates-plan-under');

    await api.setEstimate(user, workshop, 240);
    await api.planForDay(user, workshop, today);
    await page.reload();
    await expect(load).toContainText('1 h 30 min more than your 6 h day');
    await stop('estimates-plan-over');

    await page.goto('/execute');
    await expect(page.getByText(/^done around/)).toBeVisible();
    await stop('estimates-execute');
    await page.getByRole('button', { name: 'Options for Review the slides' }).click();
    await page.getByRole('menuitem', { name: 'Estimate…' }).click();
    await expect(dialog(page, 'Estimate')).toBeVisible();
    await stop('estimates-dialog', { within: DIALOG });
    await closeDialog(page, 'Estimate');

    await page.goto('/upcoming');
    await shown(page, 'Upcoming');
    await expect(page.getByText('7 h 10 min of 6 h')).toBeVisible();
    await stop('estimates-upcoming', { fullPage: true });
  },
};

const quickAdd: Tour = {
  title: 'quick add’s chips for what it understood',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('quickadd');
    await api.createProject(user, 'Home', '#ffdf90');
    await api.createTask(user, 'Book the dentist', { planned: true });
    await openSignedIn(page, user, '/execute');
    await shown(page, 'Execute');
    await page.getByRole('button', { name: '+ Quick Add' }).click();
    const field = page.getByRole('textbox', { name: 'Quick Add' });
    await field.fill('Call Anna tomorrow about the trip by Friday #ho');
    await expect(page.getByRole('list', { name: 'Understood from the text' })).toBeVisible();
    await stop('quick-add-chips');
    await field.fill('Pay rent every 15th #Home');
    await expect(page.getByText('Every month on the 15th', { exact: true })).toBeVisible();
    await stop('quick-add-repeat');
    await field.fill('Call Ana tomorrow 9:00 30m');
    await expect(page.getByText('Tomorrow 09:00', { exact: true })).toBeVisible();
    await stop('quick-add-reminder');
    await field.fill('Call Ana at 0:00');
    await expect(page.getByText(/^That time has passed today/)).toBeVisible();
    await stop('quick-add-reminder-past');
    await page.goto('/plan');
    await shown(page, 'Plan');
    const inbox = page.getByRole('textbox', { name: 'New inbox task' });
    await inbox.fill('Podlać kwiaty co poniedziałek');
    await expect(page.getByRole('list', { name: 'Understood from the text' })).toBeVisible();
    await stop('quick-add-plan-polish');
  },
};

const taskDetails: Tour = {
  title: 'a task opened: its details sheet with notes and a checklist',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('opener');
    const home = await api.createProject(user, 'Home', '#009379');
    const fence = await api.createTask(user, 'Repaint the garden fence', {
      projectId: home,
      planned: true,
    });
    await api.createTask(user, 'Call Anna about the trip', { planned: true });
    await api.setNotes(
      user,
      fence,
      'Ask **Marek** for the long ladder first.\n\n- white paint, *two* tins\n- a wide brush\n\nColours: [the shop’s chart](https://example.com/colours)',
      { projectId: home },
    );
    for (const [name, done] of [
      ['Sand the old paint off', true],
      ['Prime the bare wood', true],
      ['Paint two coats', false],
    ] as const) {
      await api.addChecklistItem(user, fence, name, { projectId: home, done });
    }
    await openSignedIn(page, user, `/execute?task=${fence}`);
    const sheet = page.getByRole('dialog', { name: 'Task details' });
    await expect(sheet.getByRole('link', { name: 'the shop’s chart' })).toBeVisible();
    await stop('task-details', { within: '[role="dialog"]' });
    await sheet.getByRole('button', { name: 'Close details' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTitle('Checklist: 2 of 3 done')).toBeVisible();
    await stop('task-details-row-marks');
  },
};

const reminders: Tour = {
  title:
    'reminders: a reminder in the details sheet, its chip on the row, a past time, a blocked browser',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('reminders');
    const home = await api.createProject(user, 'Home', '#009379');
    const dentist = await api.createTask(user, 'Call the dentist about the crown', {
      planned: true,
    });
    await api.createTask(user, 'Water the plants', { projectId: home, planned: true });
    // Tomorrow at 09:30 where the user is (UTC in the scenarios).
    const tomorrow = addDaysTo(todayIn(new Date(), 'UTC'), 1);
    await api.setReminder(user, dentist, `${tomorrow}T09:30:00.000Z`);
    await openSignedIn(page, user, `/execute?task=${dentist}`);
    await setNotificationsPermission(page, 'granted');
    const sheet = page.getByRole('dialog', { name: 'Task details' });
    const field = sheet.getByLabel('Reminder time');
    await expect(field).toHaveValue(`${tomorrow}T09:30`);
    await stop('reminder-details', { within: '[role="dialog"]' });

    await field.fill(`${addDaysTo(tomorrow, -2)}T09:30`);
    await field.press('Enter');
    await expect(sheet.getByRole('alert')).toBeVisible();
    await stop('reminder-past', { within: '[role="dialog"]' });

    await sheet.getByRole('button', { name: 'Close details' }).click();
    await expect(page.getByText('Tomorrow 09:30')).toBeVisible();
    await stop('reminder-row-chip');

    await setNotificationsPermission(page, 'denied');
    await page.goto(`/execute?task=${dentist}`);
    await expect(sheet.getByText(/Your browser blocks notifications/)).toBeVisible();
    await stop('reminder-denied', { within: '[role="dialog"]' });
  },
};

const dailyNudges: Tour = {
  title: 'the daily nudges on the account page, on and blocked',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('nudged');
    await api.setNudges(user, { planNudgeAt: '08:00', finishNudgeAt: '18:30' });
    await openSignedIn(page, user, '/account');
    await setNotificationsPermission(page, 'granted');
    const card = page.getByRole('region', { name: 'Daily nudges' });
    await expect(card.getByLabel('Finish the day at')).toHaveValue('18:30');
    await card.scrollIntoViewIfNeeded();
    await stop('daily-nudges');

    await setNotificationsPermission(page, 'denied');
    await page.reload();
    await expect(card.getByText(/nudges come by e-mail instead/)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await stop('daily-nudges-blocked', { within: '[role="status"]' });
  },
};

const taskMoves: Tour = {
  title: 'moving a task and ordering a project (the Move to… picker, a card mid-reorder)',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('mover');
    const home = await api.createProject(user, 'Home', '#009379');
    await api.createProject(user, 'Garden', '#3366ff');
    await api.createProject(user, 'Work', '#e85d75');
    for (const name of ['Fix the kitchen tap', 'Repaint the garden fence', 'Sort the attic']) {
      await api.createTask(user, name, { projectId: home });
    }
    await openSignedIn(page, user, '/plan');
    await shown(page, 'Plan');
    const homeCard = card(page, 'Home');
    const row = (name: string) => homeCard.locator('[data-task-id]', { hasText: name });
    await row('Sort the attic').getByRole('button', { name: 'Task actions' }).click();
    await page.getByRole('button', { name: 'Move to…' }).click();
    const picker = dialog(page, 'Move to…');
    await expect(picker.getByRole('option', { name: /Home/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await stop('move-picker', { within: DIALOG });
    await picker.getByRole('combobox').fill('gar');
    await expect(picker.getByRole('option')).toHaveCount(1);
    await stop('move-picker-filtered', { within: DIALOG });
    await closeDialog(page, 'Move to…');

    // A row held over another of its card: a line marks where it lands.
    const from = await row('Sort the attic').boundingBox();
    const to = await row('Fix the kitchen tap').boundingBox();
    if (!from || !to) throw new Error('the rows are not on the screen');
    await page.mouse.move(from.x + 40, from.y + from.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(300);
    // Held low on the row, so the lifted copy leaves its top, where the line is, in sight.
    await page.mouse.move(to.x + 40, to.y + to.height - 6, { steps: 8 });
    await page.mouse.move(to.x + 44, to.y + to.height - 4, { steps: 2 });
    await expect(homeCard.locator('[data-drop-over]')).toHaveCount(1);
    await stop('plan-card-reorder');
    await page.mouse.up();
    await expect
      .poll(() =>
        homeCard
          .getByRole('checkbox')
          .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label'))),
      )
      .toEqual(['Sort the attic', 'Fix the kitchen tap', 'Repaint the garden fence']);
  },
};

const automations: Tour = {
  title: 'the automation screens',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('automator');
    await openSignedIn(page, user, '/automation');
    await shown(page, 'Automate your workflow');
    await stop('automation-empty');

    const today = new Date().getUTCDate();
    await api.createAutomation(user, {
      dayOfMonth: today,
      taskName: 'Water the plants',
      name: 'Plants',
    });
    await api.createAutomation(user, {
      dayOfMonth: 31,
      taskName: 'Pay the credit card bill',
      name: 'Credit card bill',
    });
    const review = await api.createAutomation(user, {
      dayOfMonth: today === 1 ? 2 : 1,
      taskName: 'Review the budget',
    });
    // This month's budget review failed (as the scheduler stores a failure): a row to retry.
    await api.recordFailedRun(review.id, new Date().toISOString().slice(0, 7));
    await page.reload();
    await shown(page, 'Automation');
    await expect(page.getByRole('img', { name: 'Active' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Retry / })).toBeVisible();
    await stop('automation-status');

    await page.getByRole('link', { name: 'Configure automations' }).click();
    await shown(page, 'Configure automations');
    const configured = page.getByRole('list', { name: 'Automations' }).getByRole('listitem');
    await expect(configured).toHaveCount(3);
    await page.getByRole('button', { name: 'More for Credit card bill' }).click();
    await page.getByRole('menuitem', { name: 'Pause' }).click();
    await expect(configured.getByText('PAUSED', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'More for Plants' }).click();
    await stop('automation-configure-menu');
    await page.keyboard.press('Escape');
    await stop('automation-configure');

    await configured.getByRole('link', { name: 'Monthly Automation' }).click();
    await expect(page.getByRole('button', { name: /^Retry / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skip the next run' })).toBeVisible();
    await stop('automation-detail', { fullPage: true });
    await page.getByRole('link', { name: 'Edit' }).click();
    await shown(page, 'Edit automation');
    await expect(page.getByLabel('Task name:')).toHaveValue('Review the budget');
    await stop('automation-edit', { fullPage: true });
    await page.goto('/automation/configure');
    await shown(page, 'Configure automations');
    await page.getByRole('button', { name: 'Delete Credit card bill' }).click();
    await expect(dialog(page, 'Delete Automation')).toBeVisible();
    await stop('automation-delete', { within: DIALOG });
    await dialog(page, 'Delete Automation').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: '+ New automation' }).click();
    await page.getByRole('radio', { name: '31', exact: true }).click();
    await page.getByLabel('Task name:').fill('Pay the credit card bill');
    await expect(
      page.getByText('In months without a 31st, it runs on the last day of the month.'),
    ).toBeVisible();
    await stop('automation-create', { fullPage: true });
    await page.getByRole('radio', { name: 'Weekly' }).click();
    const week = page.getByRole('group', { name: 'Days of the week' });
    await week.getByRole('button', { name: 'Monday' }).click();
    await week.getByRole('button', { name: 'Thursday' }).click();
    await expect(page.getByText(/^This automation will trigger on/)).toBeVisible();
    await stop('automation-create-weekly', { fullPage: true });
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await page.getByRole('radio', { name: 'On a weekday, such as the first Monday' }).check();
    await expect(page.getByText('First Monday of every month', { exact: true })).toBeVisible();
    await stop('automation-create-first-monday', { fullPage: true });
    await page.getByRole('radio', { name: 'Yearly' }).click();
    await page.getByLabel('Every').fill('2');
    await page.getByLabel('Month').selectOption({ label: 'Dec' });
    await page.getByLabel('Day', { exact: true }).selectOption('3');
    await expect(page.getByText('Every 2 years on 3 Dec', { exact: true })).toBeVisible();
    await stop('automation-create-yearly', { fullPage: true });

    await api.putOnFreePlan(user);
    await page.goto('/automation/configure');
    await expect(page.getByText('Your plan allows 2 automations.')).toBeVisible();
    await stop('automation-configure-limit');
  },
};

const subscription: Tour = {
  title: 'the subscription and checkout screens',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('subscriber');
    await openSignedIn(page, user, '/subscription?reason=projects');
    await shown(page, 'Subscription');
    await expect(page.getByText('Free Trial')).toBeVisible();
    await stop('subscription-trial', { fullPage: true });

    await api.putOnFreePlan(user);
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { name: 'Free', level: 2 })).toBeVisible();
    await page.getByRole('switch', { name: 'Billed annualy' }).click();
    await expect(page.getByText('Saving 20%')).toBeVisible();
    await stop('subscription-free-annual', { fullPage: true });

    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await expect(page.getByText('Sandbox · no real payment')).toBeVisible();
    await stop('sandbox-checkout');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Payment canceled!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Free', level: 2 })).toBeVisible();
    await stop('subscription-canceled');

    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.getByRole('button', { name: /^Pay / }).click();
    await shown(page, 'Payment successful');
    await expect(page.getByText(/^Premium is active until /)).toBeVisible();
    await stop('payment-success');
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page.getByRole('heading', { name: 'Premium', level: 2 })).toBeVisible();
    await stop('subscription-premium', { fullPage: true });

    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
    await stop('sandbox-portal');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
    await stop('sandbox-portal-canceled');
    await page.getByRole('link', { name: 'Back to Hustle' }).click();
    await expect(page.getByText(/^Premium until /)).toBeVisible();
    await stop('subscription-premium-canceled', { fullPage: true });
  },
};

const invite: Tour = {
  title: 'the invite screens',
  async walk({ page, api, signUp }, stop) {
    const owner = await signUp('owner');
    const reader = await signUp('reader');
    const inviteLink = await api.inviteLink(
      owner,
      await api.createProject(owner, 'Garden plans', '#ffdf90'),
    );
    await openSignedIn(page, reader, inviteLink);
    await expect(page.getByRole('button', { name: 'Join the project' })).toBeVisible();
    await shown(page, 'Join Garden plans project!');
    await stop('invite-join');

    const answerJoin = await holdCall(page, PAGE_CALLS.joinInvite, {
      status: 409,
      code: 'CONFLICT',
      message: 'The project was archived a moment ago.',
    });
    await page.getByRole('button', { name: 'Join the project' }).click();
    await expect(page.getByRole('heading', { name: 'Joining Garden plans' })).toBeVisible();
    await stop('invite-joining');
    answerJoin();
    await expect(page.getByRole('heading', { name: 'Could not join the project.' })).toBeVisible();
    await stop('invite-join-failed');
    await page.unroute(PAGE_CALLS.joinInvite);

    await page.goto('/invite/x');
    await shown(page, 'Invalid invite token');
    await stop('invite-invalid');
    await page.goto('/invite/this-token-does-not-exist');
    await shown(page, 'Cannot read invite');
    await stop('invite-unreadable');

    await api.joinInvite(reader, inviteLink);
    await page.goto(inviteLink);
    await shown(page, 'You’re already in Garden plans');
    await stop('invite-member');
  },
};

const portability: Tour = {
  title: 'the import dialog’s steps',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('importer');
    // On the Free plan with an automation, so the preview has a limit to tell of.
    await api.putOnFreePlan(user);
    await api.createAutomation(user, { dayOfMonth: 2, taskName: 'Water the ferns' });
    await openSignedIn(page, user, '/plan');
    await shown(page, 'Welcome to your workspace!');

    const dialog = await openImportDialog(page, user.email);
    await stop('import-choose', { within: DIALOG });
    await pickImportFiles(page, [todoistSample('not-todoist.csv')]);
    await expect(dialog.getByRole('alert')).toBeVisible();
    await stop('import-bad-file', { within: DIALOG });

    await pickImportFiles(page, [todoistSample('Home.csv'), todoistSample('Inbox.csv')]);
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeVisible();
    // The focused Import button scrolls the dialog to its end: its start first.
    await dialog
      .getByRole('list', { name: 'Will be added' })
      .evaluate((list) => list.scrollIntoView({ block: 'end' }));
    await stop('import-preview', { within: DIALOG });
    // The preview is longer than the dialog: its end, what Todoist things left out and mapped.
    await dialog.getByRole('list', { name: 'From Todoist' }).scrollIntoViewIfNeeded();
    await stop('import-preview-end', { within: DIALOG });

    // The import is held on its way, so the progress bar stays long enough to look at.
    const release = await holdCall(page, PAGE_CALLS.importData);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await stop('import-progress', { within: DIALOG });
    release();
    await expect(dialog.getByRole('status')).toBeVisible();
    await stop('import-done', { within: DIALOG });
    await page.unroute(PAGE_CALLS.importData);
  },
};

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A loopback address where nothing listens, so a webhook's attempt fails at once. */
const NO_RECEIVER = 'http://127.0.0.1:9/hooks/hustle';

const account: Tour = {
  title: 'the account screen’s states',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('ada');
    await api.signIn(user.email, { userAgent: IPHONE_SAFARI });
    await openSignedIn(page, user, '/account');
    await shown(page, 'Account');
    await expect(page.getByText('Safari on iPhone')).toBeVisible();
    await stop('account', { fullPage: true });

    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await page.getByLabel('New e-mail address').fill(uniqueEmail('ada.new'));
    await stop('account-email-new');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(/We sent a code to/)).toBeVisible();
    await stop('account-email-code');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Access tokens (issue 32): the form, then the secret shown once, then the list.
    const tokens = page.getByRole('region', { name: 'Access tokens' });
    await tokens.getByRole('button', { name: 'New token' }).click();
    await tokens.getByLabel('Name').fill('Morning script');
    await stop('account-token-new', { fullPage: true });
    await tokens.getByRole('button', { name: 'Make token' }).click();
    await expect(tokens.getByRole('textbox', { name: 'Your new access token' })).toBeVisible();
    await stop('account-token-secret', { fullPage: true });
    await tokens.getByRole('button', { name: 'Done' }).click();
    await expect(tokens.getByText('Morning script')).toBeVisible();
    await stop('account-tokens', { fullPage: true });

    // Calendar feeds (issue 32): one address made, the other rows still offering theirs.
    await api.createProject(user, 'Garden', '#3366ff');
    await page.reload();
    const feeds = page.getByRole('region', { name: 'Calendar feeds' });
    await feeds.getByRole('button', { name: 'Get the address of All your tasks' }).click();
    await expect(feeds.getByRole('button', { name: 'Copy the address' })).toBeVisible();
    await expect(feeds.getByText('Garden')).toBeVisible();
    await feeds.scrollIntoViewIfNeeded();
    await stop('account-feeds');

    // Webhooks (issue 32): the form, the secret shown once, then the list with a delivery log
    // whose first attempt found nothing listening (port 9 on this machine).
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByRole('button', { name: 'New webhook' }).click();
    await webhooks.getByLabel('Address').fill(NO_RECEIVER);
    await webhooks.scrollIntoViewIfNeeded();
    await stop('account-webhook-new');
    await webhooks.getByRole('button', { name: 'Add webhook' }).click();
    await expect(webhooks.getByRole('textbox', { name: /Signing secret/ })).toBeVisible();
    await stop('account-webhook-secret');
    await webhooks.getByRole('button', { name: 'Done' }).click();
    await api.createTask(user, 'Water the plants');
    await webhooks.getByRole('button', { name: `Deliveries to ${NO_RECEIVER}` }).click();
    await expect(webhooks.getByText(/trying again/)).toBeVisible({ timeout: 10_000 });
    await webhooks.scrollIntoViewIfNeeded();
    await stop('account-webhooks');

    await page.getByRole('button', { name: 'Delete account…' }).click();
    await expect(dialog(page, 'Delete your account?')).toBeVisible();
    await stop('account-delete', { within: DIALOG });
    await closeDialog(page, 'Delete your account?');

    // The devices list failing to load says why and offers to try again.
    await page.route(PAGE_CALLS.listSessions, (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await stop('account-devices-error');
    await page.unroute(PAGE_CALLS.listSessions);

    // A sign-in link for another account asks before switching (issue 28, decision 050).
    const other = await signUp('mallory');
    await page.goto(`/plan?token=${other.token}`);
    await expect(dialog(page, 'Switch accounts?')).toBeVisible();
    await stop('switch-account', { within: DIALOG });
    await closeDialog(page, 'Switch accounts?');
    expect(await storedToken(page)).toBe(user.token);
  },
};

const admin: Tour = {
  title: 'the admin page’s states',
  async walk({ page, api, signUp }, stop) {
    const ada = await signUp('ada');
    await seedLivedIn(api, ada);
    const bea = await signUp('bea');
    const boss = await api.signIn(ADMIN_EMAIL);
    await api.setFeatureFlags(boss, ada, ['automation']);
    await api.disableUser(boss, bea);
    await openSignedIn(page, boss, '/admin');
    await shown(page, 'Admin');
    await expect(page.getByRole('list', { name: 'Admin actions' })).toBeVisible();
    await stop('admin', { fullPage: true });

    await page.getByLabel('Find an account').fill(ada.email);
    const row = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Disable ${ada.email}` }).click();
    await expect(dialog(page, 'Disable this account?')).toBeVisible();
    await stop('admin-disable', { within: DIALOG });
    await closeDialog(page, 'Disable this account?');
  },
};

const focus: Tour = {
  title: 'focus: a running timer in the top bar, time beside the estimate, entries, settings',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('focus');
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const report = await api.createTask(user, 'Finish the quarterly report', { planned: true });
    const slides = await api.createTask(user, 'Review the slides', { planned: true });
    await api.createTask(user, 'Water the plants', { planned: true });
    await api.setEstimate(user, report, 60);
    await api.setEstimate(user, slides, 30);
    const earlier = await api.startFocus(user, slides, minutesAgo(90));
    await api.endFocus(user, earlier, minutesAgo(50));
    const before = await api.startFocus(user, report, minutesAgo(40));
    await api.endFocus(user, before, minutesAgo(15));
    await api.startFocus(user, report, minutesAgo(12));
    await openSignedIn(page, user, '/execute');
    await shown(page, 'Execute');
    await expect(page.getByRole('group', { name: /^Focus on/ })).toBeVisible();
    await stop('focus-execute');

    await page.getByRole('button', { name: 'Options for Finish the quarterly report' }).click();
    await page.getByRole('menuitem', { name: 'Open details' }).click();
    await expect(page.getByRole('list', { name: 'Time entries' })).toBeVisible();
    await stop('focus-details');
    await page.getByRole('button', { name: 'Close details' }).click();

    await page.getByRole('button', { name: 'Pause focus' }).click();
    await page.getByRole('button', { name: 'Timer settings' }).click();
    await expect(dialog(page, 'Timer settings')).toBeVisible();
    await stop('focus-settings', { within: DIALOG });
    await closeDialog(page, 'Timer settings');
    await stop('focus-paused');
  },
};

const finishDay: Tour = {
  title: 'finishing the day: the dialog, Execute once finished, the note on tomorrow’s plan',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('finisher');
    const home = await api.createProject(user, 'Home', '#009379');
    const done = await api.createTask(user, 'Pay the electricity bill', { planned: true });
    await api.setEstimate(user, done, 30);
    await api.completeTask(user, done);
    const report = await api.createTask(user, 'Finish the quarterly report', { planned: true });
    await api.setEstimate(user, report, 90);
    await api.createTask(user, 'Call the plumber about the kitchen tap', {
      planned: true,
      projectId: home,
    });
    await api.createTask(user, 'Water the plants', { planned: true });
    await openSignedIn(page, user, '/execute');
    await shown(page, 'Execute');
    await page.getByRole('button', { name: 'Finish the day' }).click();
    const finish = dialog(page, 'Finish the day');
    await finish
      .getByRole('combobox', { name: 'Where “Water the plants” goes' })
      .selectOption({ label: 'Back to the inbox' });
    await finish
      .getByRole('combobox', { name: 'Where “Call the plumber about the kitchen tap” goes' })
      .selectOption({ label: 'Another day' });
    await finish
      .getByRole('textbox', { name: 'Note for tomorrow' })
      .fill('Start with the report before any e-mail');
    await stop('finish-day-dialog', { within: DIALOG });
    await finish.getByRole('button', { name: 'Finish the day' }).click();
    await expect(finish).toHaveCount(0);
    await expect(page.getByText('Day finished', { exact: true })).toBeVisible();
    await stop('finish-day-execute');
    await page.goto('/plan');
    await page
      .getByRole('radiogroup', { name: 'Plan for' })
      .getByRole('radio', { name: /^Tomorrow/ })
      .click();
    await expect(page.getByRole('complementary', { name: 'Your note for tomorrow' })).toBeVisible();
    await stop('finish-day-plan-note');
  },
};

const search: Tour = {
  title: 'the search: results with project and state, no match, and the palette’s finds',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('finder');
    const shed = await api.createProject(user, 'Shed', '#a05a2c');
    const garden = await api.createProject(user, 'Garden', '#009379');
    const door = await api.createTask(user, 'Paint the door', { projectId: shed });
    await api.setNotes(user, door, 'Two coats of the green varnish, then let it dry overnight.', {
      projectId: shed,
    });
    await api.completeTask(user, door, { projectId: shed });
    await api.archiveProject(user, shed);
    const bench = await api.createTask(user, 'Fix the garden bench', { projectId: garden });
    await api.addChecklistItem(user, bench, 'Sand and varnish the seat', { projectId: garden });
    await api.createTask(user, 'Buy varnish remover', { planned: true });

    await openSignedIn(page, user, '/search');
    const field = page.getByRole('combobox', { name: 'Search tasks' });
    await expect(field).toBeFocused();
    await stop('search-start');
    await field.fill('varnish');
    const found = page.getByRole('listbox', { name: 'Tasks found' });
    await expect(found.getByRole('option')).toHaveCount(3);
    await page.keyboard.press('ArrowDown');
    await stop('search-results');
    await field.fill('zebra');
    await expect(page.getByText('No tasks match “zebra”.')).toBeVisible();
    await stop('search-empty');

    // Out of the field: there Ctrl+K is the field's own.
    await page.getByRole('heading', { name: 'Search', level: 1 }).click();
    await page.keyboard.press('Control+k');
    const palette = dialog(page, 'Command palette');
    await palette.getByRole('combobox').fill('coats');
    await expect(palette.getByRole('option', { name: /Paint the door/ })).toBeVisible();
    await stop('palette-search', { within: DIALOG });
    await closeDialog(page, 'Command palette');
  },
};

const logbook: Tour = {
  title: 'the logbook: days with their totals, the week’s figures, and an empty logbook',
  async walk({ page, api, signUp }, stop) {
    const user = await signUp('logbook');
    await openSignedIn(page, user, '/logbook');
    await shown(page, 'Nothing completed yet');
    await stop('logbook-empty');

    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const garden = await api.createProject(user, 'Garden', '#009379');
    const report = await api.createTask(user, 'Finish the quarterly report', { planned: true });
    const slides = await api.createTask(user, 'Review the slides for Thursday', { planned: true });
    const roses = await api.createTask(user, 'Cut back the roses', { projectId: garden });
    await api.createTask(user, 'Call Anna about the move', { planned: true });
    await api.setEstimate(user, report, 60);
    await api.setEstimate(user, slides, 30);
    const first = await api.startFocus(user, report, minutesAgo(95));
    await api.endFocus(user, first, minutesAgo(20));
    const second = await api.startFocus(user, slides, minutesAgo(18));
    await api.endFocus(user, second, minutesAgo(2));
    await api.completeTask(user, report);
    await api.completeTask(user, slides);
    await api.completeTask(user, roses, { projectId: garden });
    await page.reload();
    await expect(page.getByRole('list', { name: 'Completed today' })).toBeVisible();
    await shown(page, 'Logbook');
    await stop('logbook-days');

    await page.getByRole('button', { name: 'Week' }).click();
    await expect(page.getByText('Estimate accuracy')).toBeVisible();
    await expect(page.getByText('Completed Monday to Sunday')).toBeVisible();
    await stop('logbook-week');
  },
};

export const TOURS: readonly Tour[] = [
  signedOut,
  plan,
  execute,
  days,
  upcoming,
  estimates,
  focus,
  finishDay,
  quickAdd,
  taskDetails,
  reminders,
  dailyNudges,
  taskMoves,
  search,
  logbook,
  automations,
  subscription,
  invite,
  portability,
  account,
  admin,
];
