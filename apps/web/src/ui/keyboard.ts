/**
 * What the keyboard shortcuts of issue 16 share (decision 022): when a key belongs to the page
 * rather than to what has focus, and how focus moves from one task row to the next.
 */

const TYPING_TARGETS = 'textarea, select, [contenteditable]:not([contenteditable="false"])';
/** Inputs that take no typed text (a focused checkbox must not swallow a shortcut). */
const NON_TEXT_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

export function isTypingIn(target: EventTarget | null) {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.closest(TYPING_TARGETS) !== null;
}

/** A key pressed in an open menu is the menu's (arrows move between its items). */
export const isInMenu = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="menu"]') !== null;

const ROW_FOCUS_ATTRIBUTE = 'data-row-focus';

export type RowKey =
  | 'toggle'
  | 'rename'
  | 'delete'
  | 'moveUp'
  | 'moveDown'
  | 'tomorrow'
  | 'open'
  | 'estimate'
  | 'focus';

/** The keys a focused task row answers to itself, also inside a modal (they are its own keys). */
export function rowKeyFor(event: {
  key: string;
  target: EventTarget | null;
  defaultPrevented: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): RowKey | null {
  if (event.defaultPrevented || isTypingIn(event.target) || isInMenu(event.target)) return null;
  if (event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.altKey) {
    if (event.key === 'ArrowUp') return 'moveUp';
    if (event.key === 'ArrowDown') return 'moveDown';
    return null;
  }
  switch (event.key) {
    case 'x':
      return 'toggle';
    case 'e':
      return 'rename';
    case 't':
      return 'tomorrow';
    // m for minutes (issue 30): f stays free for the focus timer.
    case 'm':
      return 'estimate';
    // Start or stop the focus timer on the task (issue 30).
    case 'f':
      return 'focus';
    case 'Delete':
      return 'delete';
    case 'o':
      return 'open';
    // Only on the row's own focus: Enter on its menu button is the button's.
    case 'Enter':
      return event.target instanceof Element && event.target.hasAttribute(ROW_FOCUS_ATTRIBUTE)
        ? 'open'
        : null;
    default:
      return null;
  }
}

/**
 * A task row carries `data-task-row` and `data-task-id`; the control in it that takes focus
 * (its check box) carries `data-row-focus`.
 */
const TASK_ROW = 'data-task-row';
const ROW_FOCUS = ROW_FOCUS_ATTRIBUTE;

/** The rows of the current screen, top to bottom; lifted copies of a dragged row are inert. */
function visibleRows(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`main [${TASK_ROW}]`)].filter(
    (row) => row.closest('[inert]') === null && (row.checkVisibility?.() ?? true),
  );
}

function focusRow(row: HTMLElement | undefined) {
  const target = row?.querySelector<HTMLElement>(`[${ROW_FOCUS}]`);
  if (!target) return false;
  target.focus();
  target.scrollIntoView?.({ block: 'nearest' });
  return true;
}

/** j/k: the next or previous row takes focus; from outside the rows, the first or the last. */
export function moveRowFocus(step: 1 | -1): boolean {
  const rows = visibleRows();
  const current = document.activeElement?.closest<HTMLElement>(`[${TASK_ROW}]`);
  const index = current ? rows.indexOf(current) : -1;
  if (index === -1) return focusRow(step === 1 ? rows[0] : rows.at(-1));
  return focusRow(rows[Math.min(Math.max(index + step, 0), rows.length - 1)]);
}

/** Before a row goes away, its neighbour (below, else above) takes focus, so j/k carry on. */
export function focusNeighbourOf(row: Element | null) {
  const rows = visibleRows();
  const index = row instanceof HTMLElement ? rows.indexOf(row) : -1;
  if (index !== -1) focusRow(rows[index + 1] ?? rows[index - 1]);
}

/**
 * Focuses the row of a task on the screen; false if it is not in the page (a long list may not
 * have rendered it: see `features/tasks/model/reveal-task-row.ts`).
 */
export function focusTaskRow(taskId: string) {
  const row = document.querySelector<HTMLElement>(
    `main [${TASK_ROW}][data-task-id="${CSS.escape(taskId)}"]`,
  );
  return row !== null && focusRow(row);
}

/**
 * The add-task control a screen offers to `n` sits in an element with this attribute, naming
 * the screen; it comes with the screen's content, so it also tells that the screen has loaded.
 */
const SCREEN_ADD_TASK = 'data-screen-add-task';

export const isScreenShown = (screen: 'plan' | 'execute') =>
  document.querySelector(`main [${SCREEN_ADD_TASK}="${screen}"]`) !== null;

/** Upcoming has no add field: its days, there once its content is, tell that it has loaded. */
export const isUpcomingShown = () => document.querySelector('main [data-upcoming-day]') !== null;

/** n: the current screen's add-task field takes focus (a closed Quick Add opens first). */
export function focusScreenAddTask() {
  const control = document
    .querySelector(`main [${SCREEN_ADD_TASK}]`)
    ?.querySelector<HTMLElement>('textarea, input, button');
  if (!control) return false;
  if (control instanceof HTMLButtonElement) control.click();
  else control.focus();
  return true;
}

/** Tries `attempt` every frame until it succeeds or `timeoutMs` pass (a screen still loading). */
export function retryUntilShown(attempt: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const next = () => {
      if (attempt()) resolve(true);
      else if (performance.now() - startedAt > timeoutMs) resolve(false);
      else requestAnimationFrame(next);
    };
    next();
  });
}

/** Whether focus is on a task row, or inside one. */
export const isFocusOnTaskRow = (): boolean =>
  document.activeElement instanceof HTMLElement &&
  document.activeElement.closest('[data-task-row]') !== null;

/** The task of the focused task row, or null when focus is on none. */
export const focusedTaskId = (): string | null =>
  document.activeElement instanceof HTMLElement
    ? (document.activeElement.closest<HTMLElement>('[data-task-row]')?.dataset.taskId ?? null)
    : null;

/** Presses a row's own key on the focused task row, as a command from elsewhere (the palette). */
export function pressOnFocusedTaskRow(key: string): void {
  if (!isFocusOnTaskRow()) return;
  document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
}
