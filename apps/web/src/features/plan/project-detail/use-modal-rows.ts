import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { rowsToRender } from '../../../ui/kept-rows.ts';
import { useModalBody } from '../../../ui/modal.tsx';

/** Up to this many rows a list renders them all; a longer one only those near the view. */
const RENDER_ALL_UP_TO = 150;
/** A one-line task row, until a row is rendered and measured. */
const ESTIMATED_ROW_PX = 44;
/** Rows rendered beyond each edge of the view, so a scroll or a Tab rarely finds a gap. */
const OVERSCAN_ROWS = 8;

/** The attribute that carries a row's key on its element, a direct child of the list. */
const KEY_ATTRIBUTE = 'data-task-id';

export interface ModalRow {
  index: number;
  /** Height of the rows left out just before this one: a spacer stands for them. */
  spaceBefore: number;
}

export interface ModalRows<List extends HTMLElement> {
  listRef: (element: List | null) => void;
  rows: ModalRow[];
  /** Height of the rows left out after the last rendered one. */
  spaceAfter: number;
  /** For the list: notes which row holds focus, so it stays rendered while scrolled away. */
  onFocus: (event: FocusEvent) => void;
}

/**
 * A list in a modal's body that renders only the rows near its view once it is long
 * (`@tanstack/react-virtual`, decision 035): rows stay in the list's flow, in order, and
 * spacers stand for the rows left out. Each row carries `data-task-id` and is measured as
 * rendered, so long names that wrap keep their height.
 */
export function useModalRows<List extends HTMLElement>(keys: string[]): ModalRows<List> {
  const scrollElement = useModalBody();
  const [list, setList] = useState<List | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const isVirtual = keys.length > RENDER_ALL_UP_TO && scrollElement !== null;

  const indexOf = useMemo(() => new Map(keys.map((key, index) => [key, index])), [keys]);
  const focusedIndex = focusedKey === null ? undefined : indexOf.get(focusedKey);

  // The compiler leaves this hook unmemoised (the virtualizer's functions change under it); the
  // list re-renders on every scroll that changes its rows anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: isVirtual ? keys.length : 0,
    getScrollElement: () => scrollElement,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: useCallback((index: number) => keys[index] ?? index, [keys]),
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    rangeExtractor: useCallback(
      (range: Range) =>
        rowsToRender(defaultRangeExtractor(range), range.count, {
          focused: focusedIndex ?? null,
          // The modal is outside the rows j/k move through: its ends need not stay.
          ends: false,
        }),
      [focusedIndex],
    ),
  });

  // After each render: where the list starts in the body, and the heights of the rows shown.
  const measured = useRef(new Map<string, number>());
  const measure = useCallback(() => {
    if (!isVirtual || !list || !scrollElement) return;
    const top =
      list.getBoundingClientRect().top -
      scrollElement.getBoundingClientRect().top +
      scrollElement.scrollTop;
    setScrollMargin((current) => (Math.abs(top - current) >= 1 ? top : current));
    for (const element of list.querySelectorAll(`:scope > [${KEY_ATTRIBUTE}]`)) {
      const key = element.getAttribute(KEY_ATTRIBUTE) ?? '';
      const index = indexOf.get(key);
      const height = element.getBoundingClientRect().height;
      // A row not laid out (a test without layout) keeps its estimate.
      if (index === undefined || height <= 0 || measured.current.get(key) === height) continue;
      measured.current.set(key, height);
      virtualizer.resizeItem(index, height);
    }
  }, [indexOf, isVirtual, list, scrollElement, virtualizer]);
  useLayoutEffect(measure);

  const onFocus = useCallback((event: FocusEvent) => {
    const row = (event.target as Element).closest(`[${KEY_ATTRIBUTE}]`);
    setFocusedKey(row?.getAttribute(KEY_ATTRIBUTE) ?? null);
  }, []);

  if (!isVirtual) {
    return {
      listRef: setList,
      rows: keys.map((_, index) => ({ index, spaceBefore: 0 })),
      spaceAfter: 0,
      onFocus,
    };
  }
  const items = virtualizer.getVirtualItems();
  let reached = scrollMargin;
  const rows = items.map((item) => {
    const row = { index: item.index, spaceBefore: Math.max(0, item.start - reached) };
    reached = item.end;
    return row;
  });
  return {
    listRef: setList,
    rows,
    spaceAfter: Math.max(0, virtualizer.getTotalSize() + scrollMargin - reached),
    onFocus,
  };
}
