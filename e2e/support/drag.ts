import { expect, type Locator, type Page } from '@playwright/test';

/** spec §9: one arrow press moves a dragged item 25 px. */
const KEYBOARD_STEP_PX = 25;

/** The lifted copy dnd-kit draws under the pointer while dragging, hidden from assistive tech. */
export const liftedCopy = (page: Page) => page.locator('[inert][aria-hidden="true"]');

const centre = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
};

/**
 * Holds the mouse down on an item until the drag starts (after the 100 ms hold, spec §4), then
 * moves to `target`'s top edge, or `offsetY` past it, and lets go.
 */
export async function dragWithMouse(page: Page, item: Locator, target: Locator, offsetY = 4) {
  const from = await centre(item);
  const to = await centre(target);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await expect(liftedCopy(page)).toBeVisible();
  await page.mouse.move(from.x, to.box.y + offsetY, { steps: 12 });
  await page.mouse.up();
}

/** Picks the handle up with Space and waits until arrow keys will move it. */
export async function pickUpWithKeyboard(page: Page, handle: Locator) {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(liftedCopy(page)).toBeVisible();
  // dnd-kit starts listening for arrow keys from a timer it sets at pick-up; a timer the test
  // sets afterwards runs after it, so once it has, no arrow press is lost.
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve)));
}

const top = async (page: Page) => (await centre(liftedCopy(page))).box.y;

/** One arrow press, then the wait until the lifted copy has moved the 25 px it stands for. */
export async function pressArrow(page: Page, key: 'ArrowDown' | 'ArrowUp') {
  const before = await top(page);
  await page.keyboard.press(key);
  const expected = before + (key === 'ArrowDown' ? KEYBOARD_STEP_PX : -KEYBOARD_STEP_PX);
  await expect.poll(async () => Math.round((await top(page)) - expected)).toBe(0);
}

/** Presses an arrow key until the drag announcement says where the item is (rows are taller than a step). */
export async function moveByKeyboardUntil(
  page: Page,
  key: 'ArrowDown' | 'ArrowUp',
  announcement: string,
) {
  const announced = page.getByText(announcement, { exact: true });
  for (let press = 0; press < 12; press++) {
    if ((await announced.count()) > 0) return;
    await pressArrow(page, key);
  }
  await expect(announced).toBeAttached();
}
