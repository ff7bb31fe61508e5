import { expect, type Locator, type Page } from '@playwright/test';

/** The lifted copy dnd-kit draws under the pointer while dragging, hidden from assistive tech. */
export const liftedCopy = (page: Page) => page.locator('[inert][aria-hidden="true"]');

const centre = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
};

type Point = { x: number; y: number };

/** Presses at `from`, waits until `started` says the drag has begun, moves to `to`, lets go. */
async function dragBetween(page: Page, from: Point, to: Point, started: () => Promise<void>) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await started();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

const isLifted = (page: Page) => () => expect(liftedCopy(page)).toBeVisible();

/**
 * Holds the mouse down on an item until the drag starts (after the 100 ms hold, spec §4), then
 * moves to `target`'s top edge, or `offsetY` past it, and lets go.
 */
export async function dragWithMouse(page: Page, item: Locator, target: Locator, offsetY = 4) {
  const from = await centre(item);
  const to = await centre(target);
  await dragBetween(page, from, { x: from.x, y: to.box.y + offsetY }, isLifted(page));
}

/**
 * Like dragWithMouse, but lets go over the middle of `target`, wherever it is on the page: a
 * card in another column or further down Plan, not only a row above or below. The target is
 * scrolled into view first, since the mouse cannot reach past the window's edge.
 */
export async function dragOntoMiddle(page: Page, item: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect(item).toBeInViewport();
  await dragBetween(page, await centre(item), await centre(target), isLifted(page));
}

/**
 * Drags a sortable item by its handle onto `target`'s top edge, for lists that draw no lifted
 * copy: dnd-kit marks the handle pressed once the 100 ms hold has made it a drag.
 */
export async function dragHandleWithMouse(page: Page, handle: Locator, target: Locator) {
  // A long sheet may hold the handle below the window's edge, out of the mouse's reach.
  await handle.scrollIntoViewIfNeeded();
  await expect(target).toBeInViewport();
  const from = await centre(handle);
  const to = await centre(target);
  await dragBetween(page, from, { x: from.x, y: to.box.y + 4 }, () =>
    expect(handle).toHaveAttribute('aria-pressed', 'true'),
  );
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

/**
 * One arrow press while dragging: the item takes the next place (decision 022), which the drag
 * announcement names.
 */
export async function pressArrow(page: Page, key: 'ArrowDown' | 'ArrowUp', announcement: string) {
  await page.keyboard.press(key);
  // Looked for every frame, not at Playwright's retry intervals (100 ms and up): a scenario on a
  // long list presses hundreds of times.
  await page.waitForFunction(
    (text) =>
      Array.from(document.querySelectorAll('[aria-live]')).some(
        (region) => region.textContent?.replace(/\s+/g, ' ').trim() === text,
      ),
    announcement.replace(/\s+/g, ' ').trim(),
    { polling: 'raf', timeout: 10_000 },
  );
}
