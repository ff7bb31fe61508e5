import type { Page } from '@playwright/test';
import type { Api, SignedInUser } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { seedProject } from '../support/seed.ts';
import { openSignedIn } from '../support/session.ts';

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Waits for the server to agree, asking it a few times a second. */
const untilServer = <T>(read: () => Promise<T>) =>
  expect.poll(read, { intervals: [250], timeout: 8000 });

/** What the server holds for the user: projects in order with their tasks, and the Execute list. */
async function serverState(api: Api, user: SignedInUser) {
  const workspace = await api.workspace(user);
  const names = new Map(
    [...workspace.tasks, ...workspace.projects.flatMap((project) => project.tasks)].map((task) => [
      task.id,
      task.name,
    ]),
  );
  return {
    projects: workspace.projects.map((project) => ({
      name: project.name,
      tasks: project.tasks.map((task) => `${task.name}:${task.state}`),
    })),
    archived: workspace.archivedProjectsCount,
    planned: workspace.plannedTasks.map((id) => names.get(id)),
    done: workspace.tasks.filter((task) => task.completedAt).map((task) => task.name),
  };
}

/** Presses the Undo of the toast that says `message`. */
async function undoFromToast(page: Page, message: string) {
  const toast = page.getByRole('status').filter({ hasText: message });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toast).toHaveCount(0);
}

test.describe('undo', () => {
  test('Execute: moving all to planning and hiding completed come back, in order', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('undo');
    const ids: string[] = [];
    for (const name of ['Water the plants', 'Pay the invoice', 'Reply to Sam', 'Call the bank']) {
      ids.push(await api.createTask(user, name, { planned: true }));
    }
    await api.completeTask(user, ids[1]!);
    await api.completeTask(user, ids[3]!);
    const before = await serverState(api, user);
    await openSignedIn(page, user, '/execute');
    const planned = page.getByRole('list', { name: 'Planned tasks' });
    await expect(planned.getByRole('checkbox')).toHaveCount(2);

    await page.getByRole('button', { name: 'Planned list options' }).click();
    await page.getByRole('menuitem', { name: 'Move all tasks to planning' }).click();
    await expect(page.getByRole('heading', { name: 'Ready to execute!' })).toBeVisible();
    await untilServer(async () => (await serverState(api, user)).planned).toEqual([]);
    await undoFromToast(page, 'Tasks moved to planning.');
    await untilServer(() => serverState(api, user)).toEqual(before);
    await expect(planned.getByRole('checkbox')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Completed tasks (2)' })).toBeVisible();

    await page.getByRole('button', { name: 'Hide completed' }).click();
    await expect(page.getByRole('heading', { name: /Completed tasks/ })).toHaveCount(0);
    await untilServer(async () => (await serverState(api, user)).planned).toEqual([
      'Water the plants',
      'Reply to Sam',
    ]);
    // Ctrl/⌘+Z undoes the newest action, here the hiding.
    await expect(
      page.getByRole('status').filter({ hasText: 'Completed tasks hidden.' }),
    ).toBeVisible();
    await page.keyboard.press('ControlOrMeta+z');
    await untilServer(() => serverState(api, user)).toEqual(before);
    await expect(page.getByRole('heading', { name: 'Completed tasks (2)' })).toBeVisible();
  });

  test('Plan: a deleted and an archived project come back whole; a member goes back in', async ({
    page,
    newPage,
    api,
    signUp,
  }) => {
    const owner = await signUp('owner');
    const member = await signUp('member');
    await seedProject(api, owner, 'Errands', ['Post the letter']);
    const tripId = await seedProject(api, owner, 'Family trip', ['Book the ferry', 'Pack']);
    await seedProject(api, owner, 'Garden', ['Buy seeds']);
    const [ferry] = (await api.projectTasks(owner, tripId)).map((task) => task.id);
    await api.planTask(owner, ferry!, { projectId: tripId });
    await api.joinInvite(member, await api.inviteLink(owner, tripId));
    await api.planTask(member, ferry!, { projectId: tripId });
    const before = await serverState(api, owner);
    const memberBefore = await serverState(api, member);

    await openSignedIn(page, owner, '/plan');
    const trip = card(page, 'Family trip');
    await trip.getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete project' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(trip).toHaveCount(0);
    await untilServer(async () => (await serverState(api, owner)).projects.length).toBe(2);
    await undoFromToast(page, 'Project deleted.');
    await untilServer(() => serverState(api, owner)).toEqual(before);
    expect(await serverState(api, member)).toEqual(memberBefore);
    await expect(trip).toBeVisible();

    await trip.getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(trip).toHaveCount(0);
    await untilServer(async () => (await serverState(api, owner)).archived).toBe(1);
    await undoFromToast(page, 'Project archived.');
    await untilServer(() => serverState(api, owner)).toEqual(before);
    expect(await serverState(api, member)).toEqual(memberBefore);

    const memberPage = await newPage();
    await openSignedIn(memberPage, member, '/plan');
    const shared = card(memberPage, 'Family trip');
    await shared.getByRole('button', { name: 'Project actions' }).click();
    await memberPage.getByRole('menuitem', { name: 'Leave project' }).click();
    await memberPage
      .getByRole('dialog', { name: 'Leave project' })
      .getByRole('button', { name: 'Leave project' })
      .click();
    await expect(shared).toHaveCount(0);
    await untilServer(async () => (await serverState(api, member)).projects).toEqual([]);
    await undoFromToast(memberPage, 'You left the project.');
    await untilServer(() => serverState(api, member)).toEqual(memberBefore);
    await expect(shared).toBeVisible();
  });

  test('an automation deleted after the spec’s confirmation comes back', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('automator');
    await api.createAutomation(user, { dayOfMonth: 28, taskName: 'Pay the rent', name: 'Rent' });
    const before = await api.automations(user);
    await openSignedIn(page, user, '/automation/configure');

    await page.getByRole('button', { name: 'Delete Rent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Automation' });
    await expect(
      dialog.getByText('Are you sure you want to delete "Rent"? This action cannot be undone.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No automations yet.')).toBeVisible();
    await untilServer(async () => (await api.automations(user)).length).toBe(0);
    await undoFromToast(page, '"Rent" deleted.');
    await untilServer(() => api.automations(user)).toEqual(before);
    await expect(page.getByRole('button', { name: 'Delete Rent' })).toBeVisible();
  });
});
