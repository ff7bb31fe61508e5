import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** spec §2: pressing 1 goes to /plan, pressing 2 goes to /execute. */
const SHORTCUT_PATHS: Partial<Record<string, string>> = { '1': '/plan', '2': '/execute' };

const TYPING_TARGETS = 'textarea, select, [contenteditable]:not([contenteditable="false"])';
/** Inputs that take no typed text (a focused checkbox must not swallow the shortcut). */
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

function isTypingIn(target: EventTarget | null) {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.closest(TYPING_TARGETS) !== null;
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
