import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** Issue 31 item 6: every task the user can see, found by a word of its name, notes or checklist. */

test('finds a done task of an archived project by a word of its notes', async ({
  page,
  api,
  signUp,
}) => {
  const user = await signUp('searcher');
  const shed = await api.createProject(user, 'Shed', '#a05a2c');
  const door = await api.createTask(user, 'Paint the door', { projectId: shed });
  await api.setNotes(user, door, 'Two coats of the green varnish, then let it dry.', {
    projectId: shed,
  });
  await api.completeTask(user, door, { projectId: shed });
  await api.archiveProject(user, shed);
  await api.createTask(user, 'Buy varnish remover', { planned: true });
  await openSignedIn(page, user, '/execute');
  await expect(page.getByRole('checkbox', { name: 'Buy varnish remover' })).toBeVisible();

  // The / key opens the search, its field ready for typing.
  await page.keyboard.press('/');
  await expect(page).toHaveURL(/\/search$/);
  const field = page.getByRole('combobox', { name: 'Search tasks' });
  await expect(field).toBeFocused();
  await page.keyboard.type('varnis');

  const found = page.getByRole('listbox', { name: 'Tasks found' });
  const doorOption = found.getByRole('option', { name: /Paint the door/ });
  await expect(doorOption).toBeVisible();
  await expect(doorOption).toContainText('Shed');
  await expect(doorOption).toContainText('Done');
  await expect(doorOption).toContainText('Archived project');
  await expect(doorOption).toContainText('Notes: Two coats of the green varnish');
  // A name match ranks above a notes match.
  await expect(found.getByRole('option')).toHaveCount(2);
  await expect(found.getByRole('option').first()).toContainText('Buy varnish remover');
  await expect(page).toHaveURL(/[?&]q=varnis/);

  // Down twice and Enter: the archived task opens in the details sheet.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(doorOption).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Task details' });
  await expect(sheet).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]task=${door}`));
  await expect(sheet.getByText('Two coats of the green varnish')).toBeVisible();

  // Back closes the sheet and keeps the search.
  await page.goBack();
  await expect(sheet).toHaveCount(0);
  await expect(field).toHaveValue('varnis');

  // A word nobody wrote: said so.
  await field.fill('zebra');
  await expect(page.getByText('No tasks match “zebra”.')).toBeVisible();

  // The palette finds it too, by the word of its notes.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Execute' }).click();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('coats');
  const inPalette = palette.getByRole('option', { name: /Paint the door/ });
  await expect(inPalette).toContainText('Shed · Done · Archived project');
  await inPalette.click();
  await expect(page.getByRole('dialog', { name: 'Task details' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/execute\\?task=${door}`));
});
