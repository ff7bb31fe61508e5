import { isInMenu, isTypingIn } from '../../ui/keyboard.ts';

/** What a key pressed on the page asks for (spec §2 and issue 16, decision 022). */
export type ShortcutCommand =
  | { type: 'navigate'; path: '/plan' | '/execute' | '/upcoming' | '/search' | '/logbook' }
  | { type: 'palette' }
  | { type: 'undo' }
  | { type: 'sheet' }
  | { type: 'addTask' }
  | { type: 'moveFocus'; step: 1 | -1 };

type KeyPress = Pick<
  KeyboardEvent,
  'key' | 'target' | 'defaultPrevented' | 'repeat' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'
>;

type PageState = {
  /** An open modal, or a drag under way, keeps every key to itself. */
  isBlocked: boolean;
  /** Whether focus is on a task row (or nowhere): only then do the arrow keys move it. */
  isFocusOnRowOrNowhere: boolean;
};

const FOCUS_STEPS: Partial<Record<string, 1 | -1>> = { j: 1, k: -1 };
const ARROW_STEPS: Partial<Record<string, 1 | -1>> = { ArrowDown: 1, ArrowUp: -1 };

/**
 * The page-wide shortcut a key press stands for, or null when it is someone else's: typed into
 * a field, meant for an open menu or modal, or already handled (a focused row's own keys).
 */
export function shortcutFor(event: KeyPress, page: PageState): ShortcutCommand | null {
  if (event.defaultPrevented || page.isBlocked) return null;
  if (isTypingIn(event.target) || isInMenu(event.target)) return null;

  const isCommandKey = event.ctrlKey || event.metaKey;
  if (isCommandKey && !event.altKey && !event.shiftKey) {
    // Ctrl/⌘+Z out of a field undoes the last destructive action (issue 16, decision 025); in a
    // field it stays the field's own undo, as the check above leaves it.
    const command = { k: 'palette', z: 'undo' } as const;
    const type = command[event.key.toLowerCase() as keyof typeof command];
    if (type) return event.repeat ? null : { type };
  }
  if (isCommandKey || event.altKey) return null;
  // '?' needs Shift on most layouts; no other shortcut takes it.
  if (event.key === '?') return event.repeat ? null : { type: 'sheet' };
  // '/' too takes Shift on some layouts (German: Shift+7).
  if (event.key === '/') return event.repeat ? null : { type: 'navigate', path: '/search' };
  if (event.shiftKey) return null;

  const step =
    FOCUS_STEPS[event.key] ?? (page.isFocusOnRowOrNowhere ? ARROW_STEPS[event.key] : undefined);
  if (step) return { type: 'moveFocus', step };
  if (event.repeat) return null;
  switch (event.key) {
    case '1':
      return { type: 'navigate', path: '/plan' };
    case '2':
      return { type: 'navigate', path: '/execute' };
    case '3':
      return { type: 'navigate', path: '/upcoming' };
    case '4':
      return { type: 'navigate', path: '/logbook' };
    case 'n':
      return { type: 'addTask' };
    default:
      return null;
  }
}

export type ShortcutHelp = { keys: string[][]; action: string };

const commandKey = () => (/Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl');

/** The shortcut sheet's content, in groups; each key list is one way to press it. */
export function shortcutHelp(): { title: string; shortcuts: ShortcutHelp[] }[] {
  return [
    {
      title: 'Anywhere',
      shortcuts: [
        { keys: [['?']], action: 'Show these shortcuts' },
        { keys: [[commandKey(), 'K']], action: 'Find a task or project, or run a command' },
        { keys: [[commandKey(), 'Z']], action: 'Undo the last delete or bulk change' },
        { keys: [['1']], action: 'Go to Plan' },
        { keys: [['2']], action: 'Go to Execute' },
        { keys: [['3']], action: 'Go to Upcoming' },
        { keys: [['4']], action: 'Go to the Logbook: what you completed, by day and week' },
        { keys: [['/']], action: 'Search all tasks: names, notes, checklists' },
        { keys: [['n']], action: 'Add a task on this screen' },
        { keys: [['j'], ['↓']], action: 'Focus the next task' },
        { keys: [['k'], ['↑']], action: 'Focus the previous task' },
      ],
    },
    {
      title: 'On a focused task',
      shortcuts: [
        { keys: [['x'], ['Space']], action: 'Plan it, or complete it on Execute' },
        {
          keys: [
            ['Alt', '↑'],
            ['Alt', '↓'],
          ],
          action:
            'Move it up or down the Execute list, a Plan project card, the project window or a checklist, or a day on Upcoming',
        },
        { keys: [['Enter'], ['o']], action: 'Open its details: notes and checklist' },
        { keys: [['t']], action: 'Plan it for tomorrow' },
        { keys: [['m']], action: 'Set or clear its estimate' },
        { keys: [['f']], action: 'Start or stop the focus timer on it (Execute)' },
        { keys: [['e']], action: 'Rename it (Plan)' },
        { keys: [['Delete']], action: 'Delete it' },
      ],
    },
    {
      title: 'Dragging with the keyboard',
      shortcuts: [
        { keys: [['Space']], action: 'Pick up or drop (on a drag handle)' },
        { keys: [['↑'], ['↓']], action: 'Move one place' },
        { keys: [['Esc']], action: 'Put it back' },
      ],
    },
  ];
}
