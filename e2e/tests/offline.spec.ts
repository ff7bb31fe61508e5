import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { keptEntries } from '../support/kept-copy.ts';
import { openSignedIn } from '../support/session.ts';

// These scenarios are about the offline worker itself (decision 028).
test.use({ serviceWorkers: 'allow' });

/** Waits until the offline worker is installed, active and controls the page. */
async function whenControlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

test.describe('offline', () => {
  test('the app installs, opens with no network, and leaves the server pages to the server', async ({
    page,
    context,
    request,
  }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      name: 'Hustle',
      display: 'standalone',
      start_url: '/execute',
    });
    expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toContain('maskable');
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
    }

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible();
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
    // The first visit installs the worker, which takes the page over at once.
    await whenControlled(page);

    // Navigations to the server's own paths still reach the server, not the app's page.
    for (const path of ['/healthz', '/api/docs/json', '/auth/magic/confirm?token=x']) {
      const answer = await page.goto(path);
      expect(await answer?.text(), path).not.toContain('<div id="root">');
    }

    await context.setOffline(true);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible();
    const serverPage = await page.goto('/healthz').catch((error: Error) => error);
    expect(serverPage).toBeInstanceOf(Error);
    await context.setOffline(false);
  });

  test('a returning user sees their tasks on reload before any request answers, online or not', async ({
    page,
    context,
    api,
    signUp,
  }) => {
    const user = await signUp('returning');
    for (const name of ['Write the report', 'Call the bank'])
      await api.createTask(user, name, { planned: true });
    // The moment the task first shows, taken in the page (Playwright's own polling is coarser).
    await page.addInitScript(() => {
      const look = () => {
        if (document.querySelector('[aria-label="Call the bank"]')) {
          document.documentElement.dataset.tasksShownAt = String(performance.now());
        } else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await openSignedIn(page, user, '/execute');
    const task = page.getByRole('checkbox', { name: 'Call the bank' });
    await expect(task).toBeVisible();
    await whenControlled(page);

    // Every request now takes a second and a half each way, on a slow line.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 1500,
      downloadThroughput: 50_000,
      uploadThroughput: 20_000,
    });
    const timings: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      await page.reload({ waitUntil: 'commit' });
      await expect(task).toBeVisible();
      timings.push(
        Number(await page.evaluate(() => document.documentElement.dataset.tasksShownAt)),
      );
    }
    test.info().annotations.push({
      type: 'reload to tasks (ms, 1.5 s latency)',
      description: timings.map(Math.round).join(', '),
    });
    console.log(`Reload to tasks with 1.5 s latency: ${timings.map(Math.round).join(', ')} ms`);
    // No request could have answered yet.
    expect(Math.max(...timings)).toBeLessThan(1500);

    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await context.setOffline(true);
    await page.reload();
    await expect(task).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Write the report' })).toBeVisible();
    await context.setOffline(false);

    // Logging out erases what the browser kept.
    expect(await keptEntries(page)).not.toEqual([]);
    await page.getByRole('button', { name: user.email }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Login / Sign up' })).toBeVisible();
    await expect.poll(() => keptEntries(page)).toEqual([]);
  });

  test('changes made offline survive a reload and a new page, and reach the server once on reconnect', async ({
    page,
    context,
    api,
    signUp,
  }) => {
    const user = await signUp('traveller');
    await openSignedIn(page, user, '/plan');
    await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
    await whenControlled(page);
    await context.setOffline(true);
    await expect(page.getByText(/You’re offline/)).toBeVisible();

    const inbox = page.getByRole('list', { name: 'Inbox tasks' });
    const field = page.getByRole('textbox', { name: 'New inbox task' });
    const names = ['Pack the bag', 'Buy a ticket', 'Call grandma', 'Water plants', 'Read a book'];
    for (const name of names) {
      await field.fill(name);
      await field.press('Enter');
      await expect(inbox.getByRole('checkbox', { name, exact: true })).toBeVisible();
    }
    for (const name of ['Pack the bag', 'Buy a ticket', 'Call grandma']) {
      await inbox.getByRole('checkbox', { name, exact: true }).click();
    }
    const taskRow = (name: string) =>
      inbox
        .getByRole('listitem')
        .filter({ has: page.getByRole('checkbox', { name, exact: true }) });
    await taskRow('Water plants').hover();
    await taskRow('Water plants').getByRole('button', { name: 'Task actions' }).click();
    await taskRow('Water plants').getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Task name' }).fill('Water the plants');
    await page.getByRole('textbox', { name: 'Task name' }).press('Enter');
    await taskRow('Read a book').hover();
    await taskRow('Read a book').getByRole('button', { name: 'Task actions' }).click();
    await taskRow('Read a book').getByRole('button', { name: 'Delete' }).click();
    await expect(inbox.getByRole('checkbox', { name: 'Read a book' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Execute' }).click();
    const planned = page.getByRole('list', { name: 'Planned tasks' });
    await planned.getByRole('checkbox', { name: 'Call grandma' }).click();
    await expect(page.getByRole('heading', { name: 'Completed tasks (1)' })).toBeVisible();
    await planned.getByRole('checkbox', { name: 'Buy a ticket' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    const plannedNames = () =>
      planned
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')));
    await expect.poll(plannedNames).toEqual(['Buy a ticket', 'Pack the bag']);
    await expect(page.getByRole('status').filter({ hasText: /changes waiting/ })).toBeAttached();

    // Still offline: the worker opens the app, and the browser's copy shows the changes.
    await page.reload();
    await expect.poll(plannedNames).toEqual(['Buy a ticket', 'Pack the bag']);
    // The page knows it is offline after the reload too (issue 28).
    await expect(page.getByText('You’re offline. Changes stay on this device')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Offline · / })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Completed tasks (1)' })).toBeVisible();
    await page.close();
    const again = await context.newPage();
    await again.goto('/plan');
    const inboxAgain = again.getByRole('list', { name: 'Inbox tasks' });
    await expect(inboxAgain.getByRole('checkbox', { name: 'Water the plants' })).toBeVisible();
    await expect(inboxAgain.getByRole('checkbox', { name: 'Read a book' })).toHaveCount(0);
    expect((await api.workspace(user)).tasks).toEqual([]);

    // What the server should hold once every change arrived, each once.
    const summary = async () => {
      const { tasks, plannedTasks } = await api.workspace(user);
      const nameOf = (id: string) => tasks.find((task) => task.id === id)?.name;
      return {
        names: tasks.map((task) => task.name).sort(),
        planned: plannedTasks.map(nameOf),
        done: tasks.filter((task) => task.completedAt !== null).map((task) => task.name),
      };
    };
    const online = Date.now();
    await context.setOffline(false);
    await expect.poll(summary, { intervals: [50], timeout: 2000 }).toEqual({
      names: ['Buy a ticket', 'Call grandma', 'Pack the bag', 'Water the plants'],
      planned: ['Buy a ticket', 'Pack the bag', 'Call grandma'],
      done: ['Call grandma'],
    });
    const synced = Date.now() - online;
    console.log(`Reconnect to synced: ${synced} ms`);
    test.info().annotations.push({ type: 'reconnect to synced (ms)', description: String(synced) });
    await expect(again.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    const server = await api.workspace(user);

    const byName = new Map(server.tasks.map((task) => [task.name, task]));
    expect(server.tasks).toHaveLength(4);
    // The ids are the ones the browser made while offline.
    await expect(
      again.locator(`[data-task-id="${byName.get('Water the plants')?.id}"]`),
    ).toBeVisible();
  });
});

test.describe('automations offline', () => {
  test('an automation made offline is listed at once and reaches the server once on reconnect', async ({
    page,
    context,
    api,
    signUp,
  }) => {
    const user = await signUp('planner');
    await openSignedIn(page, user, '/automation/configure/create');
    await expect(page.getByRole('heading', { name: 'New automation' })).toBeVisible();
    await whenControlled(page);
    await context.setOffline(true);
    await expect(page.getByText(/You’re offline/)).toBeVisible();

    await page.getByRole('radio', { name: '12' }).click();
    await page.getByLabel('Task name:').fill('Water the plants');
    await page.getByRole('button', { name: 'Save' }).click();
    const made = page
      .getByRole('list', { name: 'Automations' })
      .getByRole('link', { name: 'Monthly on 12th add Water the plants in Execute' });
    await expect(made).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /waiting/ })).toBeAttached();
    expect(await api.automations(user)).toEqual([]);

    await context.setOffline(false);
    await expect
      .poll(async () => (await api.automations(user)).map((automation) => automation.name), {
        timeout: 10_000,
      })
      .toEqual(['Monthly on 12th add Water the plants in Execute']);
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({
      timeout: 10_000,
    });
    // Sent once: still one after the outbox has emptied and the list was read again.
    expect(await api.automations(user)).toHaveLength(1);
    await expect(made).toHaveCount(1);
  });
});

test.describe('replaying the outbox', () => {
  test('a change the server refuses on replay is kept with Retry and Discard, and nothing else is lost or held back', async ({
    page,
    context,
    api,
    signUp,
  }) => {
    const ada = await signUp('owner');
    const bea = await signUp('member');
    const projectId = await api.createProject(ada, 'Trip');
    await api.joinInvite(bea, await api.inviteLink(ada, projectId));
    await openSignedIn(page, bea, '/plan');
    const trip = page.getByRole('article', { name: 'Trip', exact: true });
    await expect(trip).toBeVisible();

    await context.setOffline(true);
    await trip.getByRole('button', { name: '+ NEW TASK' }).click();
    const field = trip.getByRole('textbox', { name: 'New task in Trip' });
    await field.fill('Book the hotel');
    await field.press('Enter');
    await field.press('Escape');
    const inboxField = page.getByRole('textbox', { name: 'New inbox task' });
    await inboxField.fill('Renew the passport');
    await inboxField.press('Enter');
    await expect(page.getByText('Offline · 2 changes waiting')).toBeAttached();

    // Meanwhile the owner deletes the project.
    await api.deleteProject(ada, projectId);
    await context.setOffline(false);

    const notSaved = page.getByRole('button', { name: '1 change not saved' });
    await expect(notSaved).toBeVisible();
    await expect(trip).toHaveCount(0);
    await notSaved.click();
    const dialog = page.getByRole('dialog', { name: 'Not saved' });
    const item = dialog.getByRole('listitem');
    await expect(item).toContainText('Add “Book the hotel”');
    await expect(item.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The change after it does not depend on it: it is not held back (issue 28).
    await expect
      .poll(async () => (await api.workspace(bea)).tasks.map((task) => task.name))
      .toEqual(['Renew the passport']);

    await item.getByRole('button', { name: 'Discard' }).click();
    // Nothing left to decide: the list closes, and everything else is saved.
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    expect((await api.workspace(bea)).tasks.map((task) => task.name)).toEqual([
      'Renew the passport',
    ]);
  });

  test('a command whose answer was lost is sent again and applied once', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('unlucky');
    await openSignedIn(page, user, '/plan');
    await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();

    // The first create reaches the server, which applies it; its answer never comes back.
    let creates = 0;
    await page.route('**/api/v1/tasks', async (route) => {
      creates += 1;
      if (creates > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    const field = page.getByRole('textbox', { name: 'New inbox task' });
    await field.fill('Pay the rent');
    await field.press('Enter');

    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    expect(creates).toBe(2);
    expect((await api.workspace(user)).tasks.map((task) => task.name)).toEqual(['Pay the rent']);
  });

  test('two devices editing while one is offline converge by the documented rules', async ({
    page,
    context,
    newPage,
    api,
    signUp,
  }) => {
    const user = await signUp('two-devices');
    await api.createTask(user, 'Alpha');
    await api.createTask(user, 'Beta');
    const inboxOf = (device: typeof page) => device.getByRole('list', { name: 'Inbox tasks' });
    const rename = async (device: typeof page, from: string, to: string) => {
      const taskRow = inboxOf(device)
        .getByRole('listitem')
        .filter({ has: device.getByRole('checkbox', { name: from, exact: true }) });
      await taskRow.hover();
      await taskRow.getByRole('button', { name: 'Task actions' }).click();
      await taskRow.getByRole('button', { name: 'Rename' }).click();
      await device.getByRole('textbox', { name: 'Task name' }).fill(to);
      await device.getByRole('textbox', { name: 'Task name' }).press('Enter');
    };
    await openSignedIn(page, user, '/plan');
    const other = await newPage();
    await openSignedIn(other, user, '/plan');
    await expect(inboxOf(page).getByRole('checkbox', { name: 'Beta' })).toBeVisible();
    await expect(inboxOf(other).getByRole('checkbox', { name: 'Beta' })).toBeVisible();

    // The laptop goes offline, renames Alpha and plans Beta.
    await context.setOffline(true);
    await rename(page, 'Alpha', 'Alpha (laptop)');
    await inboxOf(page).getByRole('checkbox', { name: 'Beta' }).click();
    // The phone, online, renames Alpha too and deletes Beta.
    await rename(other, 'Alpha', 'Alpha (phone)');
    const beta = inboxOf(other)
      .getByRole('listitem')
      .filter({ has: other.getByRole('checkbox', { name: 'Beta' }) });
    await beta.hover();
    await beta.getByRole('button', { name: 'Task actions' }).click();
    await beta.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(async () => (await api.workspace(user)).tasks.map((task) => task.name))
      .toEqual(['Alpha (phone)']);

    // Back online: the later rename wins, and the delete wins over the plan, said in one line.
    await context.setOffline(false);
    await expect(
      page.getByText('Changed elsewhere: 1 change was for something deleted'),
    ).toBeVisible();
    await expect
      .poll(async () => (await api.workspace(user)).tasks.map((task) => task.name))
      .toEqual(['Alpha (laptop)']);
    for (const device of [page, other]) {
      await expect(inboxOf(device).getByRole('checkbox', { name: 'Alpha (laptop)' })).toBeVisible();
      await expect(inboxOf(device).getByRole('checkbox')).toHaveCount(1);
    }
  });
});

test.describe('a shared project offline', () => {
  test('owner and member editing while the member is offline converge by the documented rules', async ({
    page,
    context,
    newPage,
    api,
    signUp,
  }) => {
    const owner = await signUp('owner');
    const member = await signUp('member');
    const projectId = await api.createProject(owner, 'Trip');
    await api.joinInvite(member, await api.inviteLink(owner, projectId));
    for (const name of ['Book flights', 'Pack bags', 'Check passport', 'Print tickets'])
      await api.createTask(owner, name, { projectId });
    const sunscreen = await api.createTask(owner, 'Buy sunscreen', { projectId });
    // Planning is each workspace's own: the member has this one on their Execute list.
    await api.planTask(member, sunscreen, { projectId });

    const tripOf = (person: Page) =>
      person.getByRole('list', { name: 'Tasks of Trip', exact: true });
    const taskRow = (person: Page, name: string) =>
      tripOf(person)
        .getByRole('listitem')
        .filter({ has: person.getByRole('checkbox', { name, exact: true }) });
    const openActions = async (person: Page, name: string) => {
      await taskRow(person, name).hover();
      await taskRow(person, name).getByRole('button', { name: 'Task actions' }).click();
    };
    const rename = async (person: Page, from: string, to: string) => {
      await openActions(person, from);
      await taskRow(person, from).getByRole('button', { name: 'Rename' }).click();
      await person.getByRole('textbox', { name: 'Task name' }).fill(to);
      await person.getByRole('textbox', { name: 'Task name' }).press('Enter');
      await expect(tripOf(person).getByRole('checkbox', { name: to, exact: true })).toBeVisible();
    };

    await openSignedIn(page, member, '/plan');
    await expect(taskRow(page, 'Print tickets')).toBeVisible();
    // The Execute screen is opened offline below: its script must come from the worker.
    await whenControlled(page);
    const ownerPage = await newPage();
    await openSignedIn(ownerPage, owner, '/plan');
    await expect(taskRow(ownerPage, 'Print tickets')).toBeVisible();

    // The member goes offline: renames one task, plans one, completes the one on Execute.
    await context.setOffline(true);
    await expect(page.getByText(/You’re offline/)).toBeVisible();
    await rename(page, 'Book flights', 'Book flights (member)');
    await tripOf(page).getByRole('checkbox', { name: 'Pack bags', exact: true }).click();
    await page.getByRole('link', { name: 'Execute' }).click();
    const planned = page.getByRole('list', { name: 'Planned tasks' });
    await planned.getByRole('checkbox', { name: 'Buy sunscreen' }).click();
    await expect(page.getByRole('heading', { name: 'Completed tasks (1)' })).toBeVisible();
    await expect(planned.getByRole('checkbox', { name: 'Pack bags' })).toBeVisible();
    await page.getByRole('link', { name: 'Plan' }).click();
    await expect(page.getByText('Offline · 3 changes waiting')).toBeAttached();

    // Meanwhile the owner, online, renames another task, deletes one, and renames the task the
    // member renamed — later on the clock, but first to reach the server.
    await rename(ownerPage, 'Check passport', 'Check passports');
    await rename(ownerPage, 'Book flights', 'Book flights (owner)');
    await openActions(ownerPage, 'Print tickets');
    await taskRow(ownerPage, 'Print tickets').getByRole('button', { name: 'Delete' }).click();
    await expect(taskRow(ownerPage, 'Print tickets')).toHaveCount(0);
    const serverNames = async () =>
      (await api.projectTasks(owner, projectId)).map((task) => task.name).sort();
    await expect
      .poll(serverNames, { timeout: 10_000 })
      .toEqual(['Book flights (owner)', 'Buy sunscreen', 'Check passports', 'Pack bags']);

    // Back online. Decision 021: a rename carries no base version, so the one that reaches the
    // server last wins its field — the member's, replayed on reconnect, over the owner's.
    await context.setOffline(false);
    const server = async () => {
      const tasks = await api.projectTasks(owner, projectId);
      const nameOf = (id: string) => tasks.find((task) => task.id === id)?.name;
      const [ownerPlan, memberPlan] = await Promise.all([
        api.workspace(owner).then((workspace) => workspace.plannedTasks),
        api.workspace(member).then((workspace) => workspace.plannedTasks),
      ]);
      return {
        names: tasks.map((task) => task.name).sort(),
        done: tasks.filter((task) => task.completedAt !== null).map((task) => task.name),
        ownerPlanned: ownerPlan.map(nameOf),
        memberPlanned: memberPlan.map(nameOf),
      };
    };
    await expect.poll(server, { timeout: 20_000 }).toEqual({
      names: ['Book flights (member)', 'Buy sunscreen', 'Check passports', 'Pack bags'],
      done: ['Buy sunscreen'],
      ownerPlanned: [],
      memberPlanned: ['Buy sunscreen', 'Pack bags'],
    });
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible({
      timeout: 20_000,
    });
    // Nothing was refused or dropped on the way: every offline change still applied.
    await expect(page.getByText(/Changed elsewhere|not saved/)).toHaveCount(0);

    // Both screens show the same open tasks; each card counts its reader's own completions
    // (spec §2): the member's one, none of the owner's.
    const openNames = (person: Page) =>
      tripOf(person)
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')).sort());
    for (const [person, completed] of [
      [page, 'You have completed 1 task'],
      [ownerPage, 'You have completed 0 tasks'],
    ] as const) {
      await expect
        .poll(() => openNames(person), { timeout: 20_000 })
        .toEqual(['Book flights (member)', 'Check passports', 'Pack bags']);
      await expect(
        person.getByRole('article', { name: 'Trip', exact: true }).getByText(completed),
      ).toBeVisible({ timeout: 20_000 });
    }
    // Each change once: the same four tasks after everything settled, none made twice.
    expect((await server()).names).toHaveLength(4);
  });
});
