import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { useScenario } from '../support/scenario.ts';
import { apiAs, openSignedIn, signInOverApi, type SignedInUser } from '../support/session.ts';

interface WorkspaceView {
  projects: { id: string; name: string; color: string | null; openTasksCount: number }[];
  tasks: { id: string; name: string }[];
  plannedTasks: string[];
  archivedProjectsCount: number;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const checkbox = (scope: Page | Locator, name: string) =>
  scope.getByRole('checkbox', { name, exact: true });
/** A task row: the list item holding the task's check box. */
const row = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: checkbox(page, name) });

/** Card names, top to bottom, as the screen shows them. */
const shownProjectOrder = (page: Page) =>
  page
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent ?? ''));

/** Waits for the server to agree, asking it a few times a second (not the default 20). */
const untilServer = <T>(read: () => Promise<T>) =>
  expect.poll(read, { interval: 250, timeout: 8000 });

/** The whole screen from the top, once the top bar is in (it appears after 500 ms). */
async function shot(page: Page, name: string, { fullPage = false } = {}) {
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  if (!fullPage) return screenshot(page, name);
  await page.screenshot({
    path: path.join(import.meta.dirname, '..', 'artifacts', `${name}.png`),
    fullPage: true,
  });
}

describe('plan mode', () => {
  const scenario = useScenario();
  let people = 0;
  const someone = () => signInOverApi(scenario.server, `planner${++people}@example.com`);

  const workspaceOf = (user: SignedInUser): Promise<WorkspaceView> =>
    apiAs(scenario.server, user, 'GET', `/workspaces/${user.workspaceId}`);
  const serverProjectOrder = async (user: SignedInUser) =>
    (await workspaceOf(user)).projects.map((project) => project.name);

  async function seedProject(user: SignedInUser, name: string, tasks: string[] = []) {
    const { projectId } = await apiAs(scenario.server, user, 'POST', '/api/v1/projects', {
      workspaceId: user.workspaceId,
      name,
    });
    for (const task of tasks) {
      await apiAs(scenario.server, user, 'POST', '/api/v1/tasks', {
        workspaceId: user.workspaceId,
        projectId,
        name: task,
      });
    }
    return projectId as string;
  }

  async function seedInbox(user: SignedInUser, names: string[]) {
    for (const name of names) {
      await apiAs(scenario.server, user, 'POST', '/api/v1/tasks', {
        workspaceId: user.workspaceId,
        name,
        planned: false,
      });
    }
  }

  /** A workspace that looks lived in, for the screenshots. */
  async function seedLivedIn(user: SignedInUser) {
    await seedInbox(user, [
      'Book the dentist for next week',
      'Read https://developer.mozilla.org/en-US/docs/Web/Accessibility before the review',
      'Renew the parking permit',
    ]);
    const website = await seedProject(user, 'Website relaunch', [
      'Write the pricing page copy',
      'Pick a photo for the hero section',
      'Check the contact form on mobile',
      'Ask Maria for the new logo files',
    ]);
    // One planned task, so the screenshots show both states of the box.
    const [firstTask] = await apiAs(
      scenario.server,
      user,
      'GET',
      `/api/v1/projects/${website}/tasks`,
    );
    await apiAs(scenario.server, user, 'PUT', `/api/v1/workspace/tasks/${firstTask.id}/plan`, {
      workspaceId: user.workspaceId,
      projectId: website,
      origin: 'workspace',
    });
    await seedProject(user, 'Move to Kraków', [
      'Compare three moving companies',
      'Cancel the old internet contract',
      'Pack the books',
    ]);
    await seedProject(user, 'Garden', ['Cut back the roses', 'Order tulip bulbs']);
    const errands = await seedProject(user, 'Errands', ['Pick up the dry cleaning', 'Buy stamps']);
    const done = await apiAs(scenario.server, user, 'POST', '/api/v1/tasks', {
      workspaceId: user.workspaceId,
      projectId: errands,
      name: 'Post the parcel',
      planned: true,
    });
    await apiAs(scenario.server, user, 'PUT', `/api/v1/workspace/tasks/${done.id}/complete`, {
      workspaceId: user.workspaceId,
      projectId: errands,
      origin: 'workspace',
    });
  }

  async function open(user: SignedInUser, options: Parameters<typeof newPage>[2] = {}) {
    const opened = await newPage(scenario.browser, scenario.server.url, options);
    opened.page.setDefaultTimeout(10_000);
    await openSignedIn(opened.page, user, '/plan');
    await opened.page.getByRole('heading', { name: 'Projects' }).waitFor();
    return opened;
  }

  async function finish(context: BrowserContext, errors: string[]) {
    expect(errors).toEqual([]);
    await context.close();
  }

  it('a person adds projects at the top and at the bottom, renames one and recolours it', async () => {
    const user = await someone();
    const { context, page, errors } = await open(user);
    await page.getByRole('heading', { name: 'Welcome to your workspace!' }).waitFor();
    await shot(page, 'plan-empty');

    await page.getByRole('button', { name: '+ New Project' }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill('Home');
    await page.getByRole('textbox', { name: 'Project name' }).press('Enter');
    await card(page, 'Home').waitFor();

    await page.getByRole('button', { name: '+ Add project' }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill('  Work  ');
    await page.getByRole('textbox', { name: 'Project name' }).press('Enter');
    await page.getByRole('button', { name: '+ New Project' }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill('Errands');
    await page.getByRole('textbox', { name: 'Project name' }).press('Enter');

    await expect.poll(() => shownProjectOrder(page)).toEqual(['Work', 'Home', 'Errands']);
    await untilServer(() => serverProjectOrder(user)).toEqual(['Work', 'Home', 'Errands']);

    // Escape leaves the entry without adding anything.
    await page.getByRole('button', { name: '+ Add project' }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill('Never mind');
    await page.getByRole('textbox', { name: 'Project name' }).press('Escape');
    expect(await page.getByRole('textbox', { name: 'Project name' }).count()).toBe(0);

    await card(page, 'Home').getByRole('button', { name: 'Home', exact: true }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill('Household');
    await page.getByRole('textbox', { name: 'Project name' }).press('Enter');
    await card(page, 'Household').waitFor();
    await untilServer(() => serverProjectOrder(user)).toEqual(['Work', 'Household', 'Errands']);

    await card(page, 'Household').getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Change color' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change color' });
    expect(await dialog.getByRole('button', { name: /^#[0-9a-f]{6}$/ }).count()).toBe(12);
    await dialog.getByRole('button', { name: '#3366ff' }).click();
    await expect
      .poll(() => dialog.getByRole('button', { name: '#3366ff' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await dialog.locator('[aria-pressed="true"]').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await untilServer(
      async () =>
        (await workspaceOf(user)).projects.find((project) => project.name === 'Household')?.color,
    ).toBe('#3366ff');

    // Escape closes the modal too.
    await card(page, 'Household').getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Change color' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await finish(context, errors);
  });

  it('twelve tasks go into a project, three of them from one pasted text, and the modal lists them all', async () => {
    const user = await someone();
    await seedProject(user, 'Launch');
    await seedLivedIn(user);
    const { context, page, errors } = await open(user);

    const launch = card(page, 'Launch');
    await launch.getByRole('button', { name: '+ NEW TASK' }).click();
    const field = launch.getByRole('textbox', { name: 'New task in Launch' });
    for (let n = 1; n <= 9; n++) {
      await field.fill(`Task ${n}`);
      await field.press('Enter');
      await checkbox(launch, `Task ${n}`).waitFor();
    }
    await field.fill('Task 10\nTask 11\nTask 12');
    await field.press('Enter');
    await page
      .getByText(
        'Would you like to create a task for every new line (3). You can also add one task with a long name.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Add 3 tasks' }).click();

    await launch.getByRole('button', { name: '+2 more tasks' }).waitFor();
    expect(await launch.getByRole('checkbox').count()).toBe(10);
    await untilServer(
      async () =>
        (await workspaceOf(user)).projects.find((project) => project.name === 'Launch')
          ?.openTasksCount,
    ).toBe(12);
    await field.blur();
    await shot(page, 'plan-full', { fullPage: true });

    await launch.getByRole('button', { name: '+2 more tasks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Launch' });
    await checkbox(dialog, 'Task 12').waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(12);
    await dialog.getByText('12 open tasks').waitFor();
    await screenshot(page, 'plan-project-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // '+ NEW TASK' on a full card opens the modal with its add field focused.
    await launch.getByRole('button', { name: '+ NEW TASK' }).click();
    const modalField = dialog.getByRole('textbox', { name: 'New task in Launch' });
    await expect
      .poll(() => modalField.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.keyboard.type('Task 13');
    await page.keyboard.press('Enter');
    await checkbox(dialog, 'Task 13').waitFor();
    await page.keyboard.press('Escape');
    await launch.getByRole('button', { name: '+3 more tasks' }).waitFor();
    await finish(context, errors);
  });

  it('a task is planned and un-planned from its box, renamed and deleted through the slide-out menu', async () => {
    const { server } = scenario;
    const user = await someone();
    await seedProject(user, 'Errands', ['Buy milk', 'Call the bank', 'Return the parcel']);
    const { context, page, errors } = await open(user);
    const errands = card(page, 'Errands');
    const idOf = async (name: string) =>
      (
        await apiAs(
          server,
          user,
          'GET',
          `/api/v1/projects/${(await workspaceOf(user)).projects[0]!.id}/tasks`,
        )
      ).find((task: { name: string }) => task.name === name)?.id as string;
    const milkId = await idOf('Buy milk');

    await checkbox(errands, 'Buy milk').click();
    expect(await checkbox(errands, 'Buy milk').isChecked()).toBe(true);
    await untilServer(async () => (await workspaceOf(user)).plannedTasks).toEqual([milkId]);
    // Clicking the name toggles it too.
    await errands.getByText('Buy milk').click();
    await expect.poll(() => checkbox(errands, 'Buy milk').isChecked()).toBe(false);
    await untilServer(async () => (await workspaceOf(user)).plannedTasks).toEqual([]);

    // The three-dot button shows on hover and slides out Rename and Delete.
    await row(page, 'Call the bank').hover();
    await row(page, 'Call the bank').getByRole('button', { name: 'Task actions' }).click();
    await row(page, 'Call the bank').getByRole('button', { name: 'Rename' }).click();
    const name = page.getByRole('textbox', { name: 'Task name' });
    expect(await name.getAttribute('placeholder')).toBe('Enter task name');
    await name.fill('Call the bank before noon');
    await name.press('Enter');
    await checkbox(errands, 'Call the bank before noon').waitFor();
    await untilServer(() => idOf('Call the bank before noon')).toBeTruthy();

    // A drag of more than 50 px to the left slides the menu out; one to the right puts it back.
    const parcel = row(page, 'Return the parcel');
    const box = (await parcel.boundingBox())!;
    const y = box.y + box.height / 2;
    const swipe = async (fromX: number, toX: number) => {
      await page.mouse.move(fromX, y);
      await page.mouse.down();
      await page.mouse.move(toX, y, { steps: 6 });
      await page.mouse.up();
    };
    await swipe(box.x + box.width - 60, box.x + box.width - 160);
    await parcel.getByRole('button', { name: 'Delete' }).waitFor();
    await screenshot(page, 'plan-task-menu');
    await swipe(box.x + 60, box.x + 160);
    await parcel.getByRole('button', { name: 'Delete' }).waitFor({ state: 'detached' });
    expect(await checkbox(errands, 'Return the parcel').isChecked()).toBe(false);

    await swipe(box.x + box.width - 60, box.x + box.width - 160);
    await parcel.getByRole('button', { name: 'Delete' }).click();
    await checkbox(errands, 'Return the parcel').waitFor({ state: 'detached' });
    await untilServer(() => idOf('Return the parcel')).toBeUndefined();
    await finish(context, errors);
  });

  it('projects are reordered by dragging with the mouse and with the keyboard', async () => {
    const user = await someone();
    for (const name of ['Alpha', 'Beta', 'Gamma']) await seedProject(user, name, [`${name} task`]);
    const { context, page, errors } = await open(user);

    await page.getByRole('button', { name: 'Reorder' }).click();
    const list = page.getByRole('list', { name: 'Projects in order' });
    await list.waitFor();
    const handle = (name: string) => list.getByRole('button', { name, exact: true });

    // Mouse: hold (the drag starts after 100 ms), then move Gamma above Alpha.
    const from = (await handle('Gamma').boundingBox())!;
    const to = (await handle('Alpha').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(200);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
    await screenshot(page, 'plan-reorder-dragging');
    await page.mouse.up();
    await untilServer(() => serverProjectOrder(user)).toEqual(['Gamma', 'Alpha', 'Beta']);

    // Keyboard: Space picks Alpha up, each arrow press moves it 25 px, Space drops it.
    await page.waitForTimeout(400); // the drop animation settles
    await handle('Alpha').focus();
    await page.keyboard.press('Space');
    // A person presses keys one after another, not within the same millisecond.
    for (let step = 0; step < 3; step++) {
      await page.waitForTimeout(100);
      await page.keyboard.press('ArrowDown');
    }
    await page.waitForTimeout(100);
    await page.keyboard.press('Space');
    await untilServer(() => serverProjectOrder(user)).toEqual(['Gamma', 'Beta', 'Alpha']);

    await page.getByRole('button', { name: 'Finish' }).click();
    await expect.poll(() => shownProjectOrder(page)).toEqual(['Gamma', 'Beta', 'Alpha']);
    await finish(context, errors);
  });

  it('a project is archived, looked at in the archive and brought back', async () => {
    const user = await someone();
    await seedProject(user, 'Keep');
    await seedProject(user, 'Old stuff');
    const { context, page, errors } = await open(user);

    await card(page, 'Old stuff').getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await card(page, 'Old stuff').waitFor({ state: 'detached' });
    await untilServer(async () => (await workspaceOf(user)).archivedProjectsCount).toBe(1);

    await page.getByRole('button', { name: 'Show archived projects (1)' }).click();
    await page.getByRole('button', { name: 'Details of Old stuff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Old stuff' });
    await dialog.getByText('Projekt nie zawiera żadnych tasków').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Bring back Old stuff' }).click();
    await card(page, 'Old stuff').waitFor();
    await page.getByRole('button', { name: /archived projects/ }).waitFor({ state: 'detached' });
    expect((await workspaceOf(user)).archivedProjectsCount).toBe(0);
    await finish(context, errors);
  });

  it('a project is deleted after confirming, and a member of a shared project can only leave it', async () => {
    const { server } = scenario;
    const owner = await someone();
    const member = await someone();
    const sharedId = await seedProject(owner, 'Family trip', ['Book the ferry']);
    await seedProject(owner, 'Scratch');
    const { inviteLink } = await apiAs(
      server,
      owner,
      'GET',
      `/api/v1/projects/${sharedId}/invite-link`,
    );
    const token = String(inviteLink).split('/').pop();
    await apiAs(server, member, 'POST', `/api/v1/invites/${token}/join`, {});

    const ownerView = await open(owner);
    await card(ownerView.page, 'Scratch').getByRole('button', { name: 'Project actions' }).click();
    await ownerView.page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = ownerView.page.getByRole('dialog', { name: 'Delete project' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await card(ownerView.page, 'Scratch').waitFor({ state: 'detached' });
    await untilServer(() => serverProjectOrder(owner)).toEqual(['Family trip']);
    await finish(ownerView.context, ownerView.errors);

    const { context, page, errors } = await open(member);
    const trip = card(page, 'Family trip');
    await trip.getByText(`Shared from: ${owner.email}`).waitFor();
    await trip.getByRole('button', { name: 'Project actions' }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Leave project']);
    await page.getByRole('menuitem', { name: 'Leave project' }).click();
    await page
      .getByRole('dialog', { name: 'Leave project' })
      .getByRole('button', { name: 'Leave project' })
      .click();
    await trip.waitFor({ state: 'detached' });
    await untilServer(() => serverProjectOrder(member)).toEqual([]);
    await finish(context, errors);
  });

  it('the grid view is kept after a reload, and the screen holds up in dark and on a phone', async () => {
    const { server, browser } = scenario;
    const user = await someone();
    await seedLivedIn(user);
    const { context, page, errors } = await open(user);

    await page.getByRole('button', { name: 'Grid view' }).click();
    expect(await page.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await shot(page, 'plan-grid', { fullPage: true });
    await page.reload();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    expect(await page.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.evaluate(() => localStorage.getItem('hustleView'))).toBe('grid');

    await page.getByRole('button', { name: 'List view' }).click();
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await shot(page, 'plan-list', { fullPage: true });
    await finish(context, errors);

    const dark = await newPage(browser, server.url, { colorScheme: 'dark' });
    await dark.page.addInitScript(() => {
      localStorage.setItem('hustleTheme', 'dark');
      localStorage.setItem('hustleView', 'grid');
    });
    await openSignedIn(dark.page, user, '/plan');
    await card(dark.page, 'Website relaunch').waitFor();
    await shot(dark.page, 'plan-dark', { fullPage: true });
    await finish(dark.context, dark.errors);

    // A phone: 390×844, touch, no hover — the three-dot buttons must show without hovering.
    const phoneContext = await browser.newContext({
      baseURL: server.url,
      viewport: VIEWPORTS.mobile,
      isMobile: true,
      hasTouch: true,
    });
    const phone = {
      context: phoneContext,
      page: await phoneContext.newPage(),
      errors: [] as string[],
    };
    phone.page.on('pageerror', (error) => phone.errors.push(error.message));
    phone.page.setDefaultTimeout(10_000);
    await openSignedIn(phone.page, user, '/plan');
    await card(phone.page, 'Website relaunch').waitFor();
    await shot(phone.page, 'plan-mobile', { fullPage: true });
    await expect
      .poll(() =>
        row(phone.page, 'Renew the parking permit')
          .getByRole('button', { name: 'Task actions' })
          .evaluate((button) => getComputedStyle(button).opacity),
      )
      .toBe('1');
    await row(phone.page, 'Renew the parking permit')
      .getByRole('button', { name: 'Task actions' })
      .tap();
    await row(phone.page, 'Renew the parking permit')
      .getByRole('button', { name: 'Rename' })
      .waitFor();
    await screenshot(phone.page, 'plan-mobile-task-menu');
    await finish(phone.context, phone.errors);
  });

  it('a second tab shows a change made in the first once it becomes visible again', async () => {
    const user = await someone();
    await seedProject(user, 'Shared list');
    const { context, page, errors } = await open(user);
    const second = await context.newPage();
    second.setDefaultTimeout(10_000);
    second.on('pageerror', (error) => errors.push(error.message));
    await second.goto('/plan');
    await card(second, 'Shared list').waitFor();

    const field = page.getByRole('textbox', { name: 'New inbox task' });
    await field.fill('Added in the first tab');
    await field.press('Enter');
    await untilServer(async () => (await workspaceOf(user)).tasks.map((task) => task.name)).toEqual(
      ['Added in the first tab'],
    );

    await second.bringToFront();
    await second.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await checkbox(second, 'Added in the first tab').waitFor();
    await finish(context, errors);
  });
});
