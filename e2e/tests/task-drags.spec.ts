import type { Locator, Page } from '@playwright/test';
import type { Api, SignedInUser } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { dragHandleWithMouse, dragOntoMiddle, dragWithMouse, liftedCopy } from '../support/drag.ts';
import { openSignedIn } from '../support/session.ts';

/**
 * Issue 31 items 3-5 by mouse: a Plan row dropped on another project's card moves there, rows
 * dropped on rows of their own project (card or modal) and checklist items dropped on items take
 * their place, and completing a task leaves its checklist as it was. Each result is read back
 * from the server and seen again after a reload.
 */

const projectCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

const checkboxNames = (list: Locator) =>
  list
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')));

const namesOnCard = (page: Page, name: string) =>
  checkboxNames(projectCard(page, name).getByRole('list', { name: `Tasks of ${name}` }));

/** The project's open tasks as the server orders them. */
const serverOrder = async (api: Api, user: SignedInUser, projectId: string) =>
  (await api.projectTasks(user, projectId)).map((task) => task.name);

test('a project’s task dragged onto another project’s card moves into it, kept after a reload', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('card-drop');
  const garden = await api.createProject(user, 'Garden', '#3366ff');
  const shed = await api.createProject(user, 'Shed', '#aa6622');
  await api.createTask(user, 'Oil the hinges', { projectId: garden });
  await api.createTask(user, 'Mow the lawn', { projectId: garden });
  await api.createTask(user, 'Sweep the floor', { projectId: shed });
  await openSignedIn(page, user, '/plan');
  const row = projectCard(page, 'Garden').getByRole('checkbox', { name: 'Oil the hinges' });
  await expect(row).toBeVisible();

  await dragOntoMiddle(page, row, projectCard(page, 'Shed').getByRole('heading', { name: 'Shed' }));
  await expect(liftedCopy(page)).toHaveCount(0);
  await expect(page.getByText('Oil the hinges moved to Shed.')).toBeAttached();
  await expect.poll(() => namesOnCard(page, 'Shed')).toEqual(['Sweep the floor', 'Oil the hinges']);
  await expect.poll(() => namesOnCard(page, 'Garden')).toEqual(['Mow the lawn']);
  await expect
    .poll(() => serverOrder(api, user, shed))
    .toEqual(['Sweep the floor', 'Oil the hinges']);
  await expect.poll(() => serverOrder(api, user, garden)).toEqual(['Mow the lawn']);

  await page.reload();
  await expect.poll(() => namesOnCard(page, 'Shed')).toEqual(['Sweep the floor', 'Oil the hinges']);
  await expect.poll(() => namesOnCard(page, 'Garden')).toEqual(['Mow the lawn']);
});

test('an inbox task dragged onto a project’s card moves into it, kept after a reload', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('inbox-to-card');
  const garage = await api.createProject(user, 'Garage', '#22aa66');
  await api.createTask(user, 'Sort the screws');
  await openSignedIn(page, user, '/plan');
  const inbox = page.getByRole('region', { name: 'Inbox' });
  const row = inbox.getByRole('checkbox', { name: 'Sort the screws' });
  await expect(row).toBeVisible();

  await dragOntoMiddle(page, row, projectCard(page, 'Garage'));
  await expect(
    projectCard(page, 'Garage').getByText('Sort the screws', { exact: true }),
  ).toBeVisible();
  await expect(inbox.getByText('Sort the screws', { exact: true })).toHaveCount(0);
  await expect.poll(() => serverOrder(api, user, garage)).toEqual(['Sort the screws']);
  await expect.poll(async () => (await api.workspace(user)).tasks).toEqual([]);

  await page.reload();
  await expect(
    projectCard(page, 'Garage').getByText('Sort the screws', { exact: true }),
  ).toBeVisible();
  await expect(inbox.getByText('Sort the screws', { exact: true })).toHaveCount(0);
});

test('a row dropped on another row of its project’s card takes its place, kept after a reload', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('card-order');
  const kitchen = await api.createProject(user, 'Kitchen', '#22aa66');
  for (const name of ['Clean the oven', 'Fix the tap', 'Paint the wall']) {
    await api.createTask(user, name, { projectId: kitchen });
  }
  await openSignedIn(page, user, '/plan');
  const card = projectCard(page, 'Kitchen');
  await expect
    .poll(() => namesOnCard(page, 'Kitchen'))
    .toEqual(['Clean the oven', 'Fix the tap', 'Paint the wall']);

  await dragWithMouse(
    page,
    card.getByRole('checkbox', { name: 'Paint the wall' }),
    card.getByRole('checkbox', { name: 'Clean the oven' }),
  );
  await expect(page.getByText('Paint the wall moved to position 1 of 3.')).toBeAttached();
  const moved = ['Paint the wall', 'Clean the oven', 'Fix the tap'];
  await expect.poll(() => namesOnCard(page, 'Kitchen')).toEqual(moved);
  await expect.poll(() => serverOrder(api, user, kitchen)).toEqual(moved);

  await page.reload();
  await expect.poll(() => namesOnCard(page, 'Kitchen')).toEqual(moved);
});

test('a row dropped on another row in the project’s modal takes its place, kept after a reload', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('modal-order');
  const launch = await api.createProject(user, 'Launch', '#3366ff');
  // More than a card shows, so '+2 more tasks' opens the project's modal.
  const names = Array.from({ length: 12 }, (_, index) => `Step ${index + 1}`);
  for (const name of names) await api.createTask(user, name, { projectId: launch });
  await openSignedIn(page, user, '/plan');

  const openModal = async () => {
    await projectCard(page, 'Launch').getByRole('button', { name: '+2 more tasks' }).click();
    const list = page
      .getByRole('dialog', { name: 'Launch' })
      .getByRole('list', { name: 'Tasks of Launch' });
    await expect(list.getByRole('checkbox')).toHaveCount(12);
    return list;
  };
  const list = await openModal();
  const step = (name: string) => list.getByRole('checkbox', { name, exact: true });

  await dragWithMouse(page, step('Step 4'), step('Step 2'));
  await expect(page.getByText('Step 4 moved to position 2 of 12.')).toBeAttached();
  const moved = ['Step 1', 'Step 4', 'Step 2', 'Step 3', ...names.slice(4)];
  await expect.poll(() => checkboxNames(list)).toEqual(moved);
  await expect.poll(() => serverOrder(api, user, launch)).toEqual(moved);

  await page.reload();
  await expect.poll(() => namesOnCard(page, 'Launch')).toEqual(moved.slice(0, 10));
  await expect.poll(async () => checkboxNames(await openModal())).toEqual(moved);
});

test('a checklist item dragged onto another in the task’s sheet takes its place, kept after a reload', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('checklist-drag');
  const task = await api.createTask(user, 'Paint the fence');
  for (const name of ['Sand', 'Prime', 'Paint']) await api.addChecklistItem(user, task, name);
  await openSignedIn(page, user, `/plan?task=${task}`);
  const checklist = () =>
    page.getByRole('dialog', { name: 'Task details' }).getByRole('list', { name: 'Checklist' });
  await expect.poll(() => checkboxNames(checklist())).toEqual(['Sand', 'Prime', 'Paint']);

  await dragHandleWithMouse(
    page,
    checklist().getByRole('button', { name: 'Move Paint' }),
    checklist().getByRole('button', { name: 'Move Sand' }),
  );
  await expect(page.getByText('Paint moved to position 1 of 3.')).toBeAttached();
  const moved = ['Paint', 'Sand', 'Prime'];
  await expect.poll(() => checkboxNames(checklist())).toEqual(moved);
  await expect
    .poll(async () => (await api.taskDetails(user, task)).checklist.map((item) => item.name))
    .toEqual(moved);

  await page.reload();
  await expect.poll(() => checkboxNames(checklist())).toEqual(moved);
});

test('completing a task with open checklist items asks nothing and leaves each item as it was', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('complete-checklist');
  const task = await api.createTask(user, 'Pack for the trip', { planned: true });
  await api.addChecklistItem(user, task, 'Passport', { done: true });
  await api.addChecklistItem(user, task, 'Charger');
  await api.addChecklistItem(user, task, 'Umbrella');
  await openSignedIn(page, user, '/execute');
  const completedList = page.getByRole('list', { name: 'Completed tasks' });

  await page.getByRole('checkbox', { name: 'Pack for the trip', exact: true }).click();
  await expect(completedList.getByRole('checkbox', { name: 'Pack for the trip' })).toBeVisible();
  // Nothing asked whether the open items should be checked too.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const items = [
    { name: 'Passport', done: true },
    { name: 'Charger', done: false },
    { name: 'Umbrella', done: false },
  ];
  await expect.poll(async () => (await api.taskDetails(user, task)).task.state).toBe('DONE');
  const details = await api.taskDetails(user, task);
  expect(details.checklist.map(({ name, done }) => ({ name, done }))).toEqual(items);

  await page.goto(`/execute?task=${task}`);
  await expect(completedList.getByRole('checkbox', { name: 'Pack for the trip' })).toBeChecked();
  const checklist = page
    .getByRole('dialog', { name: 'Task details' })
    .getByRole('list', { name: 'Checklist' });
  for (const { name, done } of items) {
    const box = checklist.getByRole('checkbox', { name });
    await (done ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
  }
});
