import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../support/browser.ts';
import { useScenario } from '../support/scenario.ts';
import type { RunningServer } from '../support/server.ts';
import { apiAs, openSignedIn, signInOverApi, type SignedInUser } from '../support/session.ts';

const artifact = (name: string) => path.join(import.meta.dirname, '..', 'artifacts', name);
const plannedList = (page: Page) => page.getByRole('list', { name: 'Planned tasks' });
const completedList = (page: Page) => page.getByRole('list', { name: 'Completed tasks' });

/** The task names on a list, top to bottom (each row's check box is named after its task). */
async function namesIn(list: Locator): Promise<string[]> {
  const boxes = await list.getByRole('checkbox').all();
  return Promise.all(boxes.map(async (box) => (await box.getAttribute('aria-label')) ?? ''));
}

async function expectOrder(page: Page, names: string[]) {
  await expect.poll(() => namesIn(plannedList(page))).toEqual(names);
}

/** Waits until no row is still being created (they become checkable once the server has them). */
async function waitUntilSaved(page: Page, count: number) {
  await expect
    .poll(() => plannedList(page).getByRole('checkbox', { disabled: false }).count())
    .toBe(count);
}

/**
 * Presses an arrow key at a person's pace until the drag announcement says where the task is
 * (rows are ~58 px, so it takes two or three 25 px steps per row).
 */
async function moveByKeyboard(page: Page, key: 'ArrowDown' | 'ArrowUp', announcement: string) {
  for (let step = 0; step < 12; step++) {
    await page.waitForTimeout(60);
    if ((await page.getByText(announcement, { exact: true }).count()) > 0) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Never announced: ${announcement}`);
}

async function seedPlannedTasks(
  server: RunningServer,
  user: SignedInUser,
  names: string[],
  projectId: string | null = null,
) {
  const ids: string[] = [];
  for (const name of names) {
    const created = await apiAs(server, user, 'POST', '/api/v1/tasks', {
      workspaceId: user.workspaceId,
      projectId,
      name,
      planned: true,
    });
    ids.push(created.id);
  }
  return ids;
}

const isMove = (action: string) => (response: { url(): string; request(): { method(): string } }) =>
  response.request().method() === 'PUT' && response.url().endsWith(`/${action}`);

describe('execute mode', () => {
  const scenario = useScenario();
  let people = 0;
  const someone = () => signInOverApi(scenario.server, `executor${++people}@example.com`);

  it('quick-added tasks can be reordered by mouse and keyboard, and the order survives a reload', async () => {
    const { server, browser } = scenario;
    const user = await someone();
    const { context, page, errors } = await newPage(browser, server.url);
    await openSignedIn(page, user, '/execute');
    await page.getByRole('heading', { name: 'Ready to execute!' }).waitFor();

    await page.getByRole('button', { name: '+ Quick Add' }).click();
    const field = page.getByRole('textbox', { name: 'Quick Add' });
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await field.getAttribute('placeholder')).toBe('Add task...');
    for (const name of ['Write the report', 'Call the bank', 'Book the dentist']) {
      await field.fill(name);
      await field.press('Enter');
    }
    await field.press('Escape');
    // Escape closes the field and gives focus back to the button that opened it.
    const quickAdd = page.getByRole('button', { name: '+ Quick Add' });
    await quickAdd.waitFor();
    expect(await quickAdd.evaluate((element) => element === document.activeElement)).toBe(true);
    await waitUntilSaved(page, 3);
    await expectOrder(page, ['Write the report', 'Call the bank', 'Book the dentist']);
    expect(await plannedList(page).getByText('New task').count()).toBe(3);

    // Mouse: hold the last row still past the 100 ms pick-up delay, then drag it to the top.
    const last = plannedList(page).getByRole('listitem').filter({ hasText: 'Book the dentist' });
    const first = plannedList(page).getByRole('listitem').filter({ hasText: 'Write the report' });
    const from = (await last.boundingBox())!;
    const to = (await first.boundingBox())!;
    const putToFront = page.waitForResponse(isMove('put-to-front'));
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(200);
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
    expect((await putToFront).ok()).toBe(true);
    await expectOrder(page, ['Book the dentist', 'Write the report', 'Call the bank']);

    // Keyboard: Space on the handle picks the task up, arrows move it 25 px a step, Space drops.
    const reorder = page.waitForResponse(isMove('reorder'));
    await page.getByRole('button', { name: 'Reorder Book the dentist' }).focus();
    await page.keyboard.press('Space');
    await moveByKeyboard(page, 'ArrowDown', 'Book the dentist is at position 3 of 3.');
    await page.keyboard.press('Space');
    const reorderResponse = await reorder;
    expect(reorderResponse.ok()).toBe(true);
    await expectOrder(page, ['Write the report', 'Call the bank', 'Book the dentist']);

    await page.reload();
    await expectOrder(page, ['Write the report', 'Call the bank', 'Book the dentist']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, a long press picks a task up and dragging moves it', async () => {
    const { server, browser } = scenario;
    const user = await someone();
    await seedPlannedTasks(server, user, ['Alpha', 'Bravo', 'Charlie']);
    const { context, page, errors } = await newPage(browser, server.url, {
      viewport: 'mobile',
      colorScheme: 'light',
      hasTouch: true,
    });
    await openSignedIn(page, user, '/execute');
    await expectOrder(page, ['Alpha', 'Bravo', 'Charlie']);

    const rowOf = (name: string) =>
      plannedList(page).getByRole('listitem').filter({ hasText: name });
    const from = (await rowOf('Alpha').boundingBox())!;
    const to = (await rowOf('Charlie').boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    const x = from.x + from.width / 2;
    const startY = from.y + from.height / 2;
    const endY = to.y + to.height * 0.8;
    const reorder = page.waitForResponse(isMove('reorder'));
    await touch('touchStart', x, startY);
    await page.waitForTimeout(250); // held past the 100 ms pick-up delay
    for (let step = 1; step <= 10; step++) {
      await touch('touchMove', x, startY + ((endY - startY) * step) / 10);
      await page.waitForTimeout(16);
    }
    await touch('touchEnd');
    expect((await reorder).ok()).toBe(true);
    await expectOrder(page, ['Bravo', 'Charlie', 'Alpha']);
    await page.reload();
    await expectOrder(page, ['Bravo', 'Charlie', 'Alpha']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a completed task moves to the completed section, comes back when unchecked, and can be hidden', async () => {
    const { server, browser } = scenario;
    const user = await someone();
    await seedPlannedTasks(server, user, [
      'Water the plants',
      'Pay the invoice',
      'Reply to Sam',
      'File the receipts',
    ]);
    const { context, page, errors } = await newPage(browser, server.url);
    await openSignedIn(page, user, '/execute');
    await expectOrder(page, [
      'Water the plants',
      'Pay the invoice',
      'Reply to Sam',
      'File the receipts',
    ]);

    // A row's own menu sends one task back to planning, or deletes it.
    await page.getByRole('button', { name: 'Options for File the receipts' }).click();
    await page.getByRole('menuitem', { name: 'Move to planning' }).click();
    await expectOrder(page, ['Water the plants', 'Pay the invoice', 'Reply to Sam']);

    const box = plannedList(page).getByRole('checkbox', { name: 'Pay the invoice' });
    const completed = page.waitForResponse(isMove('complete'));
    await box.click();
    // The box fills at once; the call follows after the 500 ms animation (spec §4).
    expect(await box.getAttribute('aria-checked')).toBe('true');
    expect((await completed).ok()).toBe(true);
    await page.getByRole('heading', { name: 'Completed tasks (1)' }).waitFor();
    expect(await namesIn(completedList(page))).toEqual(['Pay the invoice']);
    await expectOrder(page, ['Water the plants', 'Reply to Sam']);

    const reverted = page.waitForResponse(isMove('revert'));
    await completedList(page).getByRole('checkbox', { name: 'Pay the invoice' }).click();
    expect((await reverted).ok()).toBe(true);
    await expectOrder(page, ['Water the plants', 'Pay the invoice', 'Reply to Sam']);
    await page.getByRole('heading', { name: /Completed tasks/ }).waitFor({ state: 'detached' });

    await plannedList(page).getByRole('checkbox', { name: 'Reply to Sam' }).click();
    await page.getByRole('heading', { name: 'Completed tasks (1)' }).waitFor();
    await page.getByRole('button', { name: 'Hide completed' }).click();
    await page.getByRole('heading', { name: /Completed tasks/ }).waitFor({ state: 'detached' });
    await page.reload();
    await expectOrder(page, ['Water the plants', 'Pay the invoice']);
    expect(await page.getByRole('heading', { name: /Completed tasks/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Options for Water the plants' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expectOrder(page, ['Pay the invoice']);

    await page.getByRole('button', { name: 'Planned list options' }).click();
    await page.getByRole('menuitem', { name: 'Move all tasks to planning' }).click();
    await page.getByRole('heading', { name: 'Ready to execute!' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Ready to execute!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a completion the server refuses puts the task back and says so', async () => {
    const { server, browser } = scenario;
    const user = await someone();
    await seedPlannedTasks(server, user, ['Renew the passport', 'Clean the desk']);
    const { context, page, errors } = await newPage(browser, server.url);
    await page.route('**/api/v1/workspace/tasks/*/complete', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal server error' } }),
      }),
    );
    await openSignedIn(page, user, '/execute');
    const box = plannedList(page).getByRole('checkbox', { name: 'Renew the passport' });
    await box.click();
    expect(await box.getAttribute('aria-checked')).toBe('true');

    const toast = page.getByRole('alert').filter({ hasText: 'The task could not be completed.' });
    await toast.waitFor();
    await expect
      .poll(() =>
        plannedList(page)
          .getByRole('checkbox', { name: 'Renew the passport' })
          .getAttribute('aria-checked'),
      )
      .toBe('false');
    await expectOrder(page, ['Renew the passport', 'Clean the desk']);
    expect(await page.getByRole('heading', { name: /Completed tasks/ }).count()).toBe(0);
    await screenshot(page, 'execute-failed-complete');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right on desktop and phone, light and dark, empty and with 50 tasks', async () => {
    const { server, browser } = scenario;
    const empty = await someone();
    const busy = await someone();
    const projects = [
      { name: 'Website relaunch', color: '#3366ff' },
      { name: 'Home', color: '#ffdf90' },
      { name: 'Side project', color: '#009379' },
      { name: 'Finances', color: '#ff6250' },
    ];
    const projectIds: string[] = [];
    for (const project of projects) {
      const created = await apiAs(server, busy, 'POST', '/api/v1/projects', {
        workspaceId: busy.workspaceId,
        ...project,
      });
      projectIds.push(created.projectId);
    }
    const names = Array.from({ length: 50 }, (_, index) =>
      index === 3
        ? 'Read https://example.com/articles/a-very-long-address-about-planning before the call'
        : index === 7
          ? 'Prepare the quarterly numbers for the board meeting, including the regional breakdown and the forecast'
          : `Task number ${index + 1}`,
    );
    const projectIdOf = (index: number) =>
      index % 5 === 4 ? null : (projectIds[index % 4] ?? null);
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      ids.push(...(await seedPlannedTasks(server, busy, [name], projectIdOf(index))));
    }
    for (const index of [1, 2, 3]) {
      // spec §5: a task command names the task's project (null for the inbox).
      await apiAs(server, busy, 'PUT', `/api/v1/workspace/tasks/${ids[index]}/complete`, {
        workspaceId: busy.workspaceId,
        projectId: projectIdOf(index),
        origin: 'workspace',
      });
    }

    for (const viewport of ['desktop', 'mobile'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        for (const [who, user] of [
          ['empty', empty],
          ['50-tasks', busy],
        ] as const) {
          const { context, page, errors } = await newPage(browser, server.url, {
            viewport,
            colorScheme: theme,
            hasTouch: viewport === 'mobile',
          });
          await page.addInitScript(
            (value) => window.localStorage.setItem('hustleTheme', value),
            theme,
          );
          await openSignedIn(page, user, '/execute');
          await page
            .getByRole('heading', {
              name: who === 'empty' ? 'Ready to execute!' : 'Completed tasks (3)',
            })
            .waitFor();
          await page.getByRole('link', { name: 'Execute' }).waitFor(); // the top bar shows after 500 ms
          await page.waitForTimeout(300);
          await screenshot(page, `execute-${who}-${viewport}-${theme}`);
          if (who === '50-tasks' && theme === 'light') {
            await page.getByRole('button', { name: '+ Quick Add' }).click();
            await page.getByRole('textbox', { name: 'Quick Add' }).fill('A new idea');
            await plannedList(page).getByRole('listitem').nth(1).hover();
            await screenshot(page, `execute-quick-add-${viewport}`);
            await page.keyboard.press('Escape');
            await page.getByRole('button', { name: `Reorder ${names[0]}`, exact: true }).focus();
            await page.keyboard.press('Space');
            await moveByKeyboard(page, 'ArrowDown', `${names[0]} is at position 2 of 47.`);
            await page.keyboard.press('ArrowDown');
            await page.waitForTimeout(300);
            await screenshot(page, `execute-dragging-${viewport}`);
            await page.keyboard.press('Escape');
            await page.waitForTimeout(300);
            await page.screenshot({
              path: artifact(`execute-50-tasks-${viewport}-full.png`),
              fullPage: true,
            });
            const completedSection = page.getByRole('region', { name: 'Completed tasks (3)' });
            await completedSection.scrollIntoViewIfNeeded();
            await completedSection.screenshot({
              path: artifact(`execute-completed-${viewport}.png`),
            });
            await page
              .getByRole('button', { name: `Options for ${names[0]}`, exact: true })
              .click();
            await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
            await screenshot(page, `execute-row-menu-${viewport}`);
            await page.keyboard.press('Escape');
          }
          expect(errors).toEqual([]);
          await context.close();
        }
      }
    }
  });
});
