import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The Todoist CSV samples the unit tests read, made for the tests in Todoist's export columns. */
export const TODOIST_SAMPLES = path.join(
  import.meta.dirname,
  '..',
  '..',
  'apps',
  'web',
  'src',
  'features',
  'portability',
  'model',
  'samples',
);

export const importDialog = (page: Page) => page.getByRole('dialog', { name: 'Import data' });

/** Opens Import data from the user menu and picks the files, as the file chooser would. */
export async function chooseImportFiles(page: Page, email: string, files: string[]) {
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Import data' }).click();
  const dialog = importDialog(page);
  await expect(dialog).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /Choose (a|another) file/ }).click();
  await (await chooser).setFiles(files);
  return dialog;
}
