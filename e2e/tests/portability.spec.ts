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
    await expect(dialog.getByRole('list', { name: 'Will be added' })).toContainText('9tasks');
    await expect(
      dialog.getByText('2 automations — Your plan allows 2 automations.', { exact: false }),
    ).toBeVisible();
    await expect(
      dialog.getByText('Monthly tasks become automations that add them to Execute each month (3).'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Imported 1 project, 9 tasks and 1 automation.',
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
});
