import path from 'node:path';
import { VIEWPORTS, type Viewport } from '../support/browser.ts';
import { expect, test } from '../support/fixtures.ts';
import { settle } from '../support/screens.ts';
import { openSignedIn } from '../support/session.ts';

/** Not a test: an opened shared task's Activity section (decision 087), both sizes and themes. */
const OUT_DIR = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');

for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`task activity pictures, ${viewport}, ${theme}`, async ({ api, signUp, newPage }) => {
      const owner = await signUp('owner');
      const member = await signUp('anna');
      const projectId = await api.createProject(owner, 'Website relaunch');
      await api.joinInvite(member, await api.inviteLink(owner, projectId));
      const id = await api.createTask(owner, 'Write the launch post', { projectId });
      await api.completeTask(member, id, { projectId });
      const page = await newPage({ viewport, theme, touch: viewport === 'mobile' });
      await openSignedIn(page, owner, `/plan?task=${id}`);
      const activity = page.getByRole('list', { name: 'Changes, newest first' });
      await expect(activity.getByRole('listitem')).toHaveCount(2);
      await activity.scrollIntoViewIfNeeded();
      await settle(page);
      await page.screenshot({ path: path.join(OUT_DIR, `task-activity-${viewport}-${theme}.png`) });
    });
  }
}
