import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useUndoLatest } from '../../features/undo/api/undo.ts';
import { focusScreenAddTask, moveRowFocus } from '../../ui/keyboard.ts';
import { shortcutFor } from './shortcuts.ts';

/** dnd-kit marks the handle of the item being dragged as pressed. */
const DRAGGING = '[aria-roledescription="sortable"][aria-pressed="true"]';

function pageState() {
  const focused = document.activeElement;
  return {
    isBlocked: document.querySelector(`[aria-modal="true"], ${DRAGGING}`) !== null,
    isFocusOnRowOrNowhere:
      !focused || focused === document.body || focused.closest('[data-task-row]') !== null,
  };
}

/** The page-wide shortcuts; the palette and the sheet are opened by the caller. */
export function useShortcuts(open: (dialog: 'palette' | 'sheet') => void) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const undoLatest = useUndoLatest();
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      const command = shortcutFor(event, pageState());
      if (!command) return;
      switch (command.type) {
        case 'navigate':
          if (command.path === pathname) return;
          navigate(command.path);
          break;
        case 'palette':
        case 'sheet':
          openRef.current(command.type);
          break;
        case 'undo':
          undoLatest();
          break;
        case 'addTask':
          // The keydown's default would type the n into the field it has just focused.
          if (!focusScreenAddTask()) return;
          break;
        case 'moveFocus':
          if (!moveRowFocus(command.step)) return;
          break;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [navigate, pathname, undoLatest]);
}
