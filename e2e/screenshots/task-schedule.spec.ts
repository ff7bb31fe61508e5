import { addDaysTo, todayIn } from '@hustle/shared/days';
import path from 'node:path';
import { VIEWPORTS, type Viewport } from '../support/browser.ts';
import { expect, test } from '../support/fixtures.ts';
import { settle } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

/** Not a test: an opened task's planned day, deadline and repeat (issue 31), sizes and themes. */
const OUT_DIR = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');

for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`task schedule pictures, ${viewport}, ${theme}`, async ({ api, signUp, newPage }) => {
      const user = await signUp('schedule');
      const projectId = await api.createProject(user, 'Home');
      const id = await api.createTask(user, 'Water the plants', { projectId });
      const page = await newPage({ viewport, theme, touch: viewport === 'mobile' });
      await openSignedIn(page, user, `/plan?task=${id}`);
      const sheet = page.getByRole('dialog', { name: 'Task details' });
      const today = todayIn(new Date(), 'UTC');
      await sheet.getByLabel('Planned day').fill(addDaysTo(today, 1));
      await sheet.getByRole('button', { name: 'Plan for this day' }).click();
      await expect(sheet.getByText(/^Tomorrow, /)).toBeVisible();
      // A deadline may lie in the past: its hint says how late the task is.
      await sheet.getByLabel('Deadline', { exact: true }).fill(addDaysTo(today, -2));
      await sheet.getByRole('button', { name: 'Set deadline' }).click();
      await expect(sheet.getByText('2 days late')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: path.join(OUT_DIR, `task-schedule-${viewport}-${theme}.png`) });
    });
  }
}
