import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts.ts';

const onPage = { isBlocked: false, isFocusOnRowOrNowhere: true };

function press(key: string, init: Partial<KeyboardEvent> & { target?: EventTarget | null } = {}) {
  return {
    key,
    target: document.body,
    defaultPrevented: false,
    repeat: false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...init,
  };
}

function element(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild!;
}

describe('shortcutFor', () => {
  it('maps the keys of the shortcut sheet', () => {
    expect(shortcutFor(press('1'), onPage)).toEqual({ type: 'navigate', path: '/plan' });
    expect(shortcutFor(press('2'), onPage)).toEqual({ type: 'navigate', path: '/execute' });
    expect(shortcutFor(press('3'), onPage)).toEqual({ type: 'navigate', path: '/upcoming' });
    expect(shortcutFor(press('4'), onPage)).toEqual({ type: 'navigate', path: '/logbook' });
    expect(shortcutFor(press('?', { shiftKey: true }), onPage)).toEqual({ type: 'sheet' });
    expect(shortcutFor(press('k', { ctrlKey: true }), onPage)).toEqual({ type: 'palette' });
    expect(shortcutFor(press('K', { metaKey: true }), onPage)).toEqual({ type: 'palette' });
    expect(shortcutFor(press('z', { ctrlKey: true }), onPage)).toEqual({ type: 'undo' });
    expect(shortcutFor(press('z', { metaKey: true }), onPage)).toEqual({ type: 'undo' });
    expect(shortcutFor(press('n'), onPage)).toEqual({ type: 'addTask' });
    expect(shortcutFor(press('/'), onPage)).toEqual({ type: 'navigate', path: '/search' });
    expect(shortcutFor(press('/', { shiftKey: true }), onPage)).toEqual({
      type: 'navigate',
      path: '/search',
    });
    expect(shortcutFor(press('j'), onPage)).toEqual({ type: 'moveFocus', step: 1 });
    expect(shortcutFor(press('k'), onPage)).toEqual({ type: 'moveFocus', step: -1 });
    expect(shortcutFor(press('ArrowDown'), onPage)).toEqual({ type: 'moveFocus', step: 1 });
    expect(shortcutFor(press('ArrowUp'), onPage)).toEqual({ type: 'moveFocus', step: -1 });
  });

  it('never fires while typing in a field, a text area or editable content', () => {
    const fields = [
      element('<input aria-label="Name" />'),
      element('<input type="search" />'),
      element('<textarea></textarea>'),
      element('<select><option>a</option></select>'),
      element('<div contenteditable="true"><b>bold</b></div>').firstElementChild,
    ];
    for (const target of fields) {
      for (const key of ['1', '2', 'n', 'j', 'k', '?', 'ArrowDown']) {
        expect(shortcutFor(press(key, { target }), onPage)).toBeNull();
      }
      expect(shortcutFor(press('k', { target, ctrlKey: true }), onPage)).toBeNull();
      // A field's own Ctrl/⌘+Z undoes typing, never a delete.
      expect(shortcutFor(press('z', { target, ctrlKey: true }), onPage)).toBeNull();
    }
  });

  it('still fires while a check box or a button has focus', () => {
    const box = element('<input type="checkbox" />');
    const button = element('<button>Go</button>');
    expect(shortcutFor(press('2', { target: box }), onPage)).toEqual({
      type: 'navigate',
      path: '/execute',
    });
    expect(shortcutFor(press('j', { target: button }), onPage)).toEqual({
      type: 'moveFocus',
      step: 1,
    });
  });

  it('leaves every key to an open modal, an open menu or a drag', () => {
    const blocked = { ...onPage, isBlocked: true };
    for (const key of ['1', 'n', 'j', '?']) expect(shortcutFor(press(key), blocked)).toBeNull();
    expect(shortcutFor(press('k', { ctrlKey: true }), blocked)).toBeNull();
    expect(shortcutFor(press('z', { ctrlKey: true }), blocked)).toBeNull();
    const item = element(
      '<div role="menu"><button role="menuitem">Delete</button></div>',
    ).firstElementChild;
    expect(shortcutFor(press('ArrowDown', { target: item }), onPage)).toBeNull();
    expect(shortcutFor(press('j', { target: item }), onPage)).toBeNull();
  });

  it('leaves keys that were handled, held with a modifier or repeated', () => {
    expect(shortcutFor(press('1', { defaultPrevented: true }), onPage)).toBeNull();
    expect(shortcutFor(press('1', { ctrlKey: true }), onPage)).toBeNull();
    expect(shortcutFor(press('1', { altKey: true }), onPage)).toBeNull();
    expect(shortcutFor(press('n', { shiftKey: true }), onPage)).toBeNull();
    expect(shortcutFor(press('j', { metaKey: true }), onPage)).toBeNull();
    expect(shortcutFor(press('1', { repeat: true }), onPage)).toBeNull();
    // Held Ctrl+Z undoes one thing; Ctrl+Shift+Z (redo elsewhere) is not undo.
    expect(shortcutFor(press('z', { ctrlKey: true, repeat: true }), onPage)).toBeNull();
    expect(shortcutFor(press('Z', { ctrlKey: true, shiftKey: true }), onPage)).toBeNull();
    // Holding j keeps moving down the list.
    expect(shortcutFor(press('j', { repeat: true }), onPage)).toEqual({
      type: 'moveFocus',
      step: 1,
    });
  });

  it('moves between rows with the arrows only from a row or from nowhere', () => {
    const elsewhere = { ...onPage, isFocusOnRowOrNowhere: false };
    expect(shortcutFor(press('ArrowDown'), elsewhere)).toBeNull();
    expect(shortcutFor(press('j'), elsewhere)).toEqual({ type: 'moveFocus', step: 1 });
  });
});
