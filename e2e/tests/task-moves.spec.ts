import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { dragWithMouse } from '../support/drag.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 31 items 4 and 5: a task moves between a shared project and the inbox; a project keeps its order. */

const projectCard = (page: Page, name: string) => page.getByRole('article', { name });

const namesOnCard = (page: Page, name: string) =>
  projectCard(page, name)
    .getByRole('list', { name: `Tasks of ${name}` })
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')));

test('a task moved from a shared project to the inbox leaves the member’s page live', async ({
  page,
  newPage,
  api,
  signUp,
}) => {
  const owner = await signUp('mover');
  const member = await signUp('watcher');
  const projectId = await api.createProject(owner, 'Garden', '#3366ff');
  await api.joinInvite(member, await api.inviteLink(owner, projectId));
  await api.createTask(owner, 'Water the roses', { projectId });
  await api.createTask(owner, 'Prune the hedge', { projectId });

  const theirs = await newPage({ viewport: 'mobile' });
  await openSignedIn(theirs, member, '/plan');
  await expect(projectCard(theirs, 'Garden').getByText('Water the roses')).toBeVisible();

  await openSignedIn(page, owner, '/plan');
  const card = projectCard(page, 'Garden');
  await card.getByRole('checkbox', { name: 'Water the roses' }).focus();
  await card
    .locator('[data-task-id]', { hasText: 'Water the roses' })
    .getByRole('button', { name: 'Task actions' })
    .click();
  await page.getByRole('button', { name: 'Move to…' }).click();
  const picker = page.getByRole('dialog', { name: 'Move to…' });
  await picker.getByRole('combobox').fill('inb');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);

  // On the owner's page it is in the inbox; on the member's it is gone without a reload.
  await expect(page.getByRole('checkbox', { name: 'Water the roses' })).toBeVisible();
  await expect(card.getByText('Water the roses')).toHaveCount(0);
  await expect(projectCard(theirs, 'Garden').getByText('Water the roses')).toHaveCount(0);
  await expect(projectCard(theirs, 'Garden').getByText('Prune the hedge')).toBeVisible();
});

test('a project’s task moved up by keyboard keeps its place after a reload', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('orderer');
  const projectId = await api.createProject(user, 'Kitchen', '#22aa66');
  for (const name of ['Clean the oven', 'Fix the tap', 'Paint the wall']) {
    await api.createTask(user, name, { projectId });
  }
  await openSignedIn(page, user, '/plan');
  await expect
    .poll(() => namesOnCard(page, 'Kitchen'))
    .toEqual(['Clean the oven', 'Fix the tap', 'Paint the wall']);

  await projectCard(page, 'Kitchen').getByRole('checkbox', { name: 'Paint the wall' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByText('Paint the wall moved to position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Alt+ArrowUp');
  await expect
    .poll(() => namesOnCard(page, 'Kitchen'))
    .toEqual(['Paint the wall', 'Clean the oven', 'Fix the tap']);
  await expect(
    projectCard(page, 'Kitchen').getByRole('checkbox', { name: 'Paint the wall' }),
  ).toBeFocused();

  await page.reload();
  await expect
    .poll(() => namesOnCard(page, 'Kitchen'))
    .toEqual(['Paint the wall', 'Clean the oven', 'Fix the tap']);
});

test('a project’s task dragged onto the inbox moves there, and Ctrl+Z takes it back', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('inbox-drop');
  const projectId = await api.createProject(user, 'Errands', '#aa6622');
  await api.createTask(user, 'Post the parcel', { projectId });
  await openSignedIn(page, user, '/plan');
  const inbox = page.getByRole('region', { name: 'Inbox' });
  const row = projectCard(page, 'Errands').getByRole('checkbox', { name: 'Post the parcel' });
  await expect(row).toBeVisible();

  await dragWithMouse(page, row, inbox.getByRole('heading', { name: 'Inbox' }), 8);
  await expect(inbox.getByRole('checkbox', { name: 'Post the parcel' })).toBeVisible();
  await expect(page.getByText('Post the parcel moved to the inbox.')).toBeAttached();
  await expect(projectCard(page, 'Errands').getByText('Post the parcel')).toHaveCount(0);
  await expect
    .poll(async () => (await api.workspace(user)).tasks.map((task) => task.name))
    .toEqual(['Post the parcel']);

  await page.keyboard.press('Control+z');
  await expect(projectCard(page, 'Errands').getByText('Post the parcel')).toBeVisible();
  await expect.poll(async () => (await api.workspace(user)).tasks).toEqual([]);
});

test('the palette’s “Move task to…” moves the focused task into another project, kept after a reload', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('palette-move');
  const projectId = await api.createProject(user, 'Garage', '#3366ff');
  await api.createTask(user, 'Sort the screws');
  await openSignedIn(page, user, '/plan');
  const inbox = page.getByRole('region', { name: 'Inbox' });
  await inbox.getByRole('checkbox', { name: 'Sort the screws' }).focus();

  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('Move task');
  await palette.getByRole('option', { name: /Move task to…/ }).click();
  const picker = page.getByRole('dialog', { name: 'Move to…' });
  await picker.getByRole('combobox').fill('Gara');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(projectCard(page, 'Garage').getByText('Sort the screws')).toBeVisible();

  await expect
    .poll(async () => (await api.projectTasks(user, projectId)).map((task) => task.name))
    .toEqual(['Sort the screws']);
  await expect
    .poll(async () => (await api.workspace(user)).tasks.map((task) => task.name))
    .toEqual([]);
  await page.reload();
  await expect(projectCard(page, 'Garage').getByText('Sort the screws')).toBeVisible();
  await expect(inbox.getByText('Sort the screws')).toHaveCount(0);
});
