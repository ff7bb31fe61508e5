import fs from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import {
  importDialog,
  openImportDialog,
  pickImportFiles,
  todoistSample,
} from '../support/portability.ts';
import { seedProject } from '../support/seed.ts';
import { openSignedIn } from '../support/session.ts';

test.describe('export and import', () => {
  test('a Free user exports from the menu, and another account imports the file and has the same tasks', async ({
    page,
    api,
    signUp,
    newPage,
  }, testInfo) => {
    const ada = await signUp('leaver');
    await api.putOnFreePlan(ada);
    await seedProject(api, ada, 'Garden', ['Cut back the roses', 'Order tulip bulbs']);
    const errands = await seedProject(api, ada, 'Errands', ['Buy stamps']);
    const parcel = await api.createTask(ada, 'Post the parcel', {
      projectId: errands,
      planned: true,
    });
    await api.completeTask(ada, parcel, { projectId: errands });
    await api.createTask(ada, 'Call the plumber', { planned: true });
    // A day other than today's, so the automation has made no task yet.
    const notToday = (new Date().getUTCDate() % 28) + 1;
    await api.createAutomation(ada, { dayOfMonth: notToday, taskName: 'Pay the rent' });

    await openSignedIn(page, ada, '/plan');
    await page.getByRole('button', { name: ada.email }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export data' }).click();
    const download = await downloading;
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`hustle-export-${today}.json`);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(exported.projects.map((project: { name: string }) => project.name)).toEqual([
      'Garden',
      'Errands',
    ]);
    await expect(
      page.getByText(`Your data is saved as hustle-export-${today}.json.`),
    ).toBeVisible();

    const bob = await signUp('arriver');
    const other = await newPage();
    await openSignedIn(other, bob, '/plan');
    const dialog = await openImportDialog(other, bob.email);
    await pickImportFiles(other, [file]);
    const added = dialog.getByRole('list', { name: 'Will be added' });
    await expect(added).toContainText('2projects');
    await expect(added).toContainText('5tasks');
    await expect(added).toContainText('1automation');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Imported 2 projects, 5 tasks and 1 automation.',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(importDialog(other)).toHaveCount(0);

    const garden = other.getByRole('article', { name: 'Garden', exact: true });
    await expect(garden.getByText('Cut back the roses')).toBeVisible();
    await expect(garden.getByText('Order tulip bulbs')).toBeVisible();
    await expect(other.getByText('Call the plumber')).toBeVisible();
    await other.getByRole('link', { name: 'Execute' }).click();
    const planned = other.getByRole('list', { name: 'Planned tasks' });
    await expect(planned.getByText('Call the plumber', { exact: true })).toBeVisible();
    expect(
      (await api.automations(bob)).map((automation) => automation.steps[0]!.payload.taskName),
    ).toEqual(['Pay the rent']);
  });

  test('Todoist CSV files come in as projects, tasks and automations; the Free plan’s limits are said', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('todoister');
    await api.putOnFreePlan(user);
    await api.createAutomation(user, { dayOfMonth: 2, taskName: 'Water the ferns' });
    await openSignedIn(page, user, '/plan');

    const dialog = await openImportDialog(page, user.email);
    await pickImportFiles(page, [todoistSample('not-todoist.csv')]);
    await expect(dialog.getByRole('alert')).toHaveText(
      'not-todoist.csv is not a Todoist CSV export: its first row must name the columns TYPE and CONTENT.',
    );
    await pickImportFiles(page, [todoistSample('Home.csv'), todoistSample('Inbox.csv')]);
    await expect(dialog.getByRole('list', { name: 'Will be added' })).toContainText('10tasks');
    await expect(
      dialog.getByText('6 automations — Your plan allows 2 automations.', { exact: false }),
    ).toBeVisible();
    await expect(
      dialog.getByText('Repeating tasks become automations in their project (7).'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Imported 1 project, 10 tasks and 1 automation.',
    );
    await page.keyboard.press('Enter');
    await expect(importDialog(page)).toHaveCount(0);

    const home = page.getByRole('article', { name: 'Home', exact: true });
    await expect(home.getByText('Fix the leaking tap')).toBeVisible();
    await expect(page.getByText('Read “The Design of Everyday Things”')).toBeVisible();
    expect(
      (await api.automations(user)).map((automation) => automation.steps[0]!.payload.taskName),
    ).toEqual(['Water the ferns', 'Pay rent']);
  });

  test('the Todoist sample keeps its repeats, notes and checklists: “every monday” is a weekly automation in its project', async ({
    page,
    api,
    signUp,
  }) => {
    const user = await signUp('switcher');
    await openSignedIn(page, user, '/plan');
    const dialog = await openImportDialog(page, user.email);
    await pickImportFiles(page, [todoistSample('Home.csv'), todoistSample('Inbox.csv')]);

    const withThem = dialog.getByRole('list', { name: 'With them' });
    await expect(withThem).toContainText('1 task with notes');
    await expect(withThem).toContainText('3 checklist items');
    await expect(withThem).toContainText('7 automations adding to a project');
    const leftOut = dialog.getByRole('list', { name: 'Left out' });
    await expect(leftOut).toContainText('Priorities are left out (4).');
    await expect(leftOut).toContainText(
      'Repeats Hustle cannot do come in once: “every morning” (1).',
    );
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Imported 1 project, 10 tasks and 7 automations.',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();

    // "every monday" is a weekly automation adding to Home.
    const home = ((await api.workspace(user)) as { projects: { id: string; name: string }[] })
      .projects[0]!;
    expect(home.name).toBe('Home');
    const plants = (await api.automations(user)).find(
      (automation) => automation.steps[0]!.payload.taskName === 'Water the plants',
    )!;
    expect([plants.trigger, plants.projectId]).toEqual([
      { frequency: 'WEEKLY', weekdays: [1] },
      home.id,
    ]);
    await page.goto(`/automation/configure/${plants.id}/edit`);
    await expect(page.getByLabel('Adds tasks to')).toHaveValue(home.id);
    await expect(page.getByRole('radio', { name: 'Weekly' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // The task with a description, comments and sub-tasks: its notes and its checklist.
    await page.goto('/plan');
    const card = page.getByRole('article', { name: 'Home', exact: true });
    await card.getByRole('checkbox', { name: 'Fix the leaking tap', exact: true }).focus();
    await page.keyboard.press('o');
    const sheet = page.getByRole('dialog', { name: 'Task details' });
    await expect(
      sheet.getByText('Comment from Bob Smith: Bob says the old one is under the sink'),
    ).toBeVisible();
    await expect(sheet.getByText('1/2 inch', { exact: true })).toBeVisible();
    const checklist = sheet.getByRole('list', { name: 'Checklist' });
    await expect
      .poll(async () =>
        checklist
          .getByRole('checkbox')
          .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label'))),
      )
      .toEqual(['Buy a new washer', 'Turn off the water', 'Find the spanner']);
    await expect(checklist.getByRole('checkbox', { name: 'Turn off the water' })).toBeChecked();
  });
});
