import { Fragment, type ReactNode } from 'react';
import { create } from 'zustand';

/**
 * One dialog per screen, not one per row: a dialog inside a row would receive the row's drag and
 * swipe gestures and key presses through React's tree, and every memoised row would carry it.
 * `open` shows it for an item (from a row's menu or key); `Host` is where the screen renders it.
 */
export function dialogHost<T extends { id: string }>(
  render: (item: T, close: () => void) => ReactNode,
) {
  const useOpen = create<{ item: T | null; returnTo: HTMLElement | null }>(() => ({
    item: null,
    returnTo: null,
  }));

  /** `returnTo`: where focus goes back to when the opener (a menu) has gone by then. */
  const open = (item: T, returnTo: HTMLElement | null = null) =>
    useOpen.setState({ item, returnTo });

  function Host() {
    const { item, returnTo } = useOpen();
    if (!item) return null;
    const close = () => {
      useOpen.setState({ item: null, returnTo: null });
      if (returnTo) window.setTimeout(() => returnTo.focus());
    };
    return <Fragment key={item.id}>{render(item, close)}</Fragment>;
  }

  return { open, Host };
}
