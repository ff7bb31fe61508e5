import type { Page } from '@playwright/test';

/** What a keyboard user can act on: native controls, ARIA widgets and anything made tabbable. */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="radio"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const MARK = 'data-keyboard-reach';

export interface Control {
  /** The control's mark on the page, in document order. */
  id: string;
  /** What a person would call it: role, name. */
  label: string;
  /** Members of one roving group (radios, a code's boxes) share it: one Tab stop reaches it. */
  group: string | null;
}

/**
 * Marks and lists the visible, enabled controls of the page (or of `within`). A control a
 * stylesheet shows only on hover or focus (opacity 0) still counts: a keyboard user must reach it.
 */
export function listControls(page: Page, within = 'body'): Promise<Control[]> {
  return page.evaluate(
    ({ selector, mark, within }) => {
      for (const old of Array.from(document.querySelectorAll(`[${mark}]`))) {
        old.removeAttribute(mark);
      }
      const root = document.querySelector(within);
      if (!root) return [];
      const shown = (element: Element) => {
        if (element.closest('[inert], [aria-hidden="true"]')) return false;
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        // A visually hidden native input (a styled check box) is shown by its label instead.
        const label = element.closest('label');
        const hasSize = box.width > 0 && box.height > 0;
        const labelBox = label?.getBoundingClientRect();
        return (
          (hasSize || (labelBox !== undefined && labelBox.width > 0)) &&
          style.visibility !== 'hidden' &&
          style.display !== 'none'
        );
      };
      const found = Array.from(root.querySelectorAll(selector)).filter(
        (element) => shown(element) && !(element as HTMLButtonElement).disabled,
      );
      /**
       * A roving group (radios, the boxes of a code): a labelled group whose one member is the
       * Tab stop, the arrow keys or typing moving among the rest, out of the Tab order on purpose.
       */
      const rovingGroupOf = (element: Element): string | null => {
        if (
          element.getAttribute('role') === 'radio' ||
          (element as HTMLInputElement).type === 'radio'
        ) {
          const group = element.closest('[role="radiogroup"]');
          return `radios ${group?.getAttribute('aria-label') ?? (element as HTMLInputElement).name}`;
        }
        const parent = element.parentElement;
        if (!parent?.matches('[role="group"], [role="toolbar"]')) return null;
        const kin = Array.from(parent.children).filter(
          (child) =>
            child.tagName === element.tagName &&
            child.getAttribute('role') === element.getAttribute('role'),
        ) as HTMLElement[];
        const roving =
          kin.length > 1 &&
          kin.some((child) => child.tabIndex < 0) &&
          kin.some((child) => child.tabIndex >= 0);
        return roving ? `roving ${found.indexOf(kin[0]!)}` : null;
      };
      return found.map((element, index) => {
        const id = String(index);
        element.setAttribute(mark, id);
        const name =
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent ??
          element.textContent ??
          '';
        const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
        return {
          id,
          label: `${role} "${name.trim().replace(/\s+/g, ' ').slice(0, 60)}"`,
          group: rovingGroupOf(element),
        };
      });
    },
    { selector: INTERACTIVE, mark: MARK, within },
  );
}

/**
 * The mark of the focused control; 'page' when the focus is on something of the page that is
 * not a listed control, null when it has left the page (to the browser's own controls).
 */
export const focusedControl = (page: Page): Promise<string | null> =>
  page.evaluate((mark) => {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    return active.closest(`[${mark}]`)?.getAttribute(mark) ?? 'page';
  }, MARK);

/**
 * The control's surroundings as pixels: a focus ring is drawn around a control, or on the styled
 * box beside a visually hidden input, so the picture takes in its label and a margin.
 */
export async function pictureOf(page: Page, id: string): Promise<Buffer | null> {
  const box = await page.evaluate(
    ({ mark, id }) => {
      const element = document.querySelector(`[${mark}="${id}"]`);
      if (!element) return null;
      const target = element.closest('label') ?? element;
      const rect = target.getBoundingClientRect();
      const margin = 6;
      const x = Math.max(0, rect.left - margin);
      const y = Math.max(0, rect.top - margin);
      const width = Math.min(window.innerWidth - x, rect.width + 2 * margin);
      const height = Math.min(window.innerHeight - y, rect.height + 2 * margin);
      return width > 0 && height > 0 ? { x, y, width, height } : null;
    },
    { mark: MARK, id },
  );
  return box ? page.screenshot({ clip: box, animations: 'disabled', caret: 'hide' }) : null;
}

export interface TabWalk {
  /** Controls focus never reached. */
  unreached: string[];
  /** Controls that looked the same focused and not: no visible focus ring. */
  withoutRing: string[];
  /** Tab stops on the way. */
  stops: number;
}

/**
 * Presses `key` (Tab; ArrowDown in an open menu) from the top of the page or from where the
 * focus is (in an open menu, group or modal, which closes once the focus leaves it) until the
 * focus comes round again, and checks each control it lands on shows that it has the focus: its
 * picture focused differs from its picture once the focus has moved on.
 */
export async function walkWith(
  page: Page,
  controls: Control[],
  { key = 'Tab', from = 'top' }: { key?: 'Tab' | 'ArrowDown'; from?: 'top' | 'focus' } = {},
): Promise<TabWalk> {
  const reached = new Set<string>();
  const withoutRing: string[] = [];
  const labelOf = new Map(controls.map((control) => [control.id, control.label]));
  let previous: { id: string; focused: Buffer | null } | null = null;
  let leftThePage = 0;

  /** Notes where the focus is; false once it has come round. */
  const visit = async (): Promise<boolean> => {
    const id = await focusedControl(page);
    if (previous) {
      const after = await pictureOf(page, previous.id);
      if (previous.focused && after && previous.focused.equals(after)) {
        withoutRing.push(labelOf.get(previous.id) ?? previous.id);
      }
      previous = null;
    }
    if (id === 'page') return true;
    // Tab starts where the focus last was, so once out to the browser's own controls it comes
    // back in at the top; round to a control seen before, every stop has been seen.
    if (id === null) return ++leftThePage < 2;
    if (reached.has(id)) return false;
    reached.add(id);
    previous = { id, focused: await pictureOf(page, id) };
    return true;
  };

  if (from === 'top') {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  } else {
    await visit();
  }
  for (let press = 0; press < controls.length * 2 + 10; press++) {
    await page.keyboard.press(key);
    if (!(await visit())) break;
  }
  const groupsReached = new Set(
    controls.filter((control) => reached.has(control.id) && control.group).map((c) => c.group),
  );
  const unreached = controls
    .filter((control) => !reached.has(control.id))
    .filter((control) => !(control.group && groupsReached.has(control.group)))
    .map((control) => control.label);
  return { unreached, withoutRing, stops: reached.size };
}
