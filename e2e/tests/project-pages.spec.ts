import { expect, test } from '../support/fixtures.ts';
import { openSignedIn } from '../support/session.ts';

/** More tasks than the modal's first page (100) and than it renders at once (150). */
const TASKS = 230;

test.describe('a long project', () => {
  test('its detail modal brings later tasks as it is scrolled, and renders only the rows near the view', async ({
    page,
    api,
    signUp,
  }) => {
    test.slow();
    const user = await signUp('collector');
    const projectId = await api.createProject(user, 'Ideas');
    for (let n = 1; n <= TASKS; n++) {
      await api.createTask(user, `Idea ${n}`, { projectId });
    }
    await openSignedIn(page, user, '/plan');
    const card = page.getByRole('article', { name: 'Ideas', exact: true });
    await card.getByRole('button', { name: `+${TASKS - 10} more tasks` }).click();

    const dialog = page.getByRole('dialog', { name: 'Ideas' });
    const list = dialog.getByRole('list', { name: 'Tasks of Ideas' });
    const idea = (n: number) => list.getByRole('checkbox', { name: `Idea ${n}`, exact: true });
    await expect(idea(1)).toBeVisible();
    await expect(dialog.getByText(`${TASKS} open tasks`)).toBeVisible();
    // Decision 035: the first page only; the rest has not been asked for yet.
    await expect(idea(TASKS)).toHaveCount(0);

    // Scrolling the modal brings the next pages before its end is reached.
    await list.hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 2_000);
          return idea(TASKS).count();
        },
        { intervals: [200], timeout: 20_000 },
      )
      .toBe(1);
    await expect(idea(TASKS)).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Show more tasks' })).toHaveCount(0);
    // Long as it is, the list renders only the rows near the view.
    expect(await list.getByRole('checkbox').count()).toBeLessThan(80);
    await expect(idea(1)).toHaveCount(0);

    // A task far down plans like any other.
    await idea(TASKS).click();
    await expect(idea(TASKS)).toBeChecked();
    await expect
      .poll(async () => (await api.workspace(user)).plannedTasks.length, { intervals: [250] })
      .toBe(1);
  });
});
