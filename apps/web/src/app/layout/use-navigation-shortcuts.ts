import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** spec §2: pressing 1 goes to /plan, pressing 2 goes to /execute. */
const SHORTCUT_PATHS: Partial<Record<string, string>> = { '1': '/plan', '2': '/execute' };

const TYPING_TARGETS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

function isTypingIn(target: EventTarget | null) {
  return target instanceof Element && target.closest(TYPING_TARGETS) !== null;
}

export function useNavigationShortcuts() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      const path = SHORTCUT_PATHS[event.key];
      if (!path || path === pathname) return;
      if (event.defaultPrevented || event.repeat) return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      if (isTypingIn(event.target)) return;
      navigate(path);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [navigate, pathname]);
}
