import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

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

export const todoistSample = (name: string) => path.join(TODOIST_SAMPLES, name);

export const importDialog = (page: Page) => page.getByRole('dialog', { name: 'Import data' });

/** Opens Import data from the user menu. */
export async function openImportDialog(page: Page, email: string): Promise<Locator> {
  await page.getByRole('button', { name: email }).click();
  await page.getByRole('menuitem', { name: 'Import data' }).click();
  const dialog = importDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Picks files in the import dialog, as a person does through the file chooser. */
export async function pickImportFiles(page: Page, files: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await importDialog(page)
    .getByRole('button', { name: /Choose (a|another) file/ })
    .click();
  await (await chooser).setFiles(files);
}
