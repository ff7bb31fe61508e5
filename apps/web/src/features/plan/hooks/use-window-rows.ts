import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type RefObject,
} from 'react';
import {
  columnCountOf,
  itemsOfRow,
  rowCountOf,
  rowHeights,
  spacersBefore,
  viewAnchor,
  type ViewAnchor,
} from '../model/window-rows.ts';
import { rowsToRender } from '../../../ui/kept-rows.ts';
import { useInitialWindowRect } from '../../../ui/use-initial-window-rect.ts';
import { useItemResizes } from './use-item-resizes.ts';

/** Rows rendered beyond each edge of the screen, so a scroll or a focus move rarely finds a gap. */
const OVERSCAN_ROWS = 2;

interface Options {
  /** The items' keys in order (project or task ids). */
  keys: string[];
  /** The attribute that carries an item's key on its element, a direct child of the container. */
  keyAttribute: 'data-project-id' | 'data-task-id';
  /** A first guess at an item's height, until it is rendered and measured. */
  estimateHeight: (index: number) => number;
}

export interface WindowRow {
  index: number;
  /** The items of the row: indexes [start, end). */
  start: number;
  end: number;
  /** The height of the spacer that stands for the rows left out before this one; 0 for none. */
  spacerBefore: number;
}

interface Layout {
  columns: number;
  gap: number;
  /** The container's top in the document, where the window's scroll reaches the list. */
  top: number;
}

export interface WindowRows<Container extends HTMLElement> {
  containerRef: RefObject<Container | null>;
  rows: WindowRow[];
  /** For the container: notes which item holds focus, so it stays rendered (decision 032). */
  onFocus: (event: FocusEvent) => void;
  /** Scrolls an item into view and keeps it rendered until focus moves to another. */
  reveal: (key: string) => void;
}

/**
 * A list or CSS grid, scrolled by the window, that renders only the rows near the screen
 * (`@tanstack/react-virtual`, decision 032). Its items stay in the page's flow, in order, packed
 * into rows of the grid's own column count; spacers stand for the rows left out. Rows are
 * measured as rendered (the tallest item of a row sets its height).
 */
export function useWindowRows<Container extends HTMLElement>({
  keys,
  keyAttribute,
  estimateHeight,
}: Options): WindowRows<Container> {
  const containerRef = useRef<Container>(null);
  const [layout, setLayout] = useState<Layout>({ columns: 1, gap: 0, top: 0 });
  // Wherever the page is scrolled, the item holding focus stays rendered: a row that left the
  // page would take focus with it, and j/k would lose their place.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const { columns, gap, top } = layout;

  const indexOf = useMemo(() => new Map(keys.map((key, index) => [key, index])), [keys]);
  const rowCount = rowCountOf(keys.length, columns);
  const focusedIndex = focusedKey === null ? undefined : indexOf.get(focusedKey);
  const focusedRow = focusedIndex === undefined ? null : Math.floor(focusedIndex / columns);

  const initialRect = useInitialWindowRect();
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: (row) => {
      const { start, end } = itemsOfRow(row, columns, keys.length);
      let tallest = 0;
      for (let index = start; index < end; index++) {
        tallest = Math.max(tallest, estimateHeight(index));
      }
      return tallest;
    },
    // A row is known by its first item and the column count: a measured height is kept while
    // the row holds the same items, and dropped when the grid packs them differently.
    getItemKey: useCallback((row: number) => `${columns}:${keys[row * columns]}`, [columns, keys]),
    gap,
    scrollMargin: top,
    overscan: OVERSCAN_ROWS,
    initialRect,
    rangeExtractor: useCallback(
      (range: Parameters<typeof defaultRangeExtractor>[0]) =>
        rowsToRender(defaultRangeExtractor(range), range.count, { focused: focusedRow }),
      [focusedRow],
    ),
  });

  // When the grid packs its items anew (the window resized to another column count), the item
  // in view — the one holding focus if it is on screen — keeps its place on screen; the
  // browser's scroll anchoring, which would do that, is off (decision 032).
  const isLaidOut = useRef(false);
  const repackAnchor = useRef<ViewAnchor | null>(null);

  const measure = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    const style = getComputedStyle(container);
    const next: Layout = {
      columns: columnCountOf(style.gridTemplateColumns),
      gap: Number.parseFloat(style.rowGap) || 0,
      top: container.getBoundingClientRect().top + window.scrollY,
    };
    setLayout((current) =>
      current.columns === next.columns && current.gap === next.gap && current.top === next.top
        ? current
        : next,
    );
    // Rows packed for another column count are measured again once re-packed.
    if (next.columns !== columns) {
      if (isLaidOut.current) {
        repackAnchor.current = viewAnchor(virtualizer.measurementsCache, columns, focusedIndex, {
          top: window.scrollY,
          height: window.innerHeight,
        });
      }
      return;
    }
    isLaidOut.current = true;
    const heights: [number, number][] = [];
    for (const element of container.querySelectorAll(`:scope > [${keyAttribute}]`)) {
      const index = indexOf.get(element.getAttribute(keyAttribute) ?? '');
      const height = element.getBoundingClientRect().height;
      // An item not laid out (hidden, or in a test without layout) keeps its estimate.
      if (index !== undefined && height > 0) heights.push([index, height]);
    }
    for (const [row, height] of rowHeights(heights, columns)) virtualizer.resizeItem(row, height);
  }, [columns, focusedIndex, indexOf, keyAttribute, virtualizer]);

  // After each render: the rows just rendered, and the container's place and columns.
  useLayoutEffect(measure);
  useLayoutEffect(() => {
    const anchor = repackAnchor.current;
    if (!anchor) return;
    repackAnchor.current = null;
    const rowTop = virtualizer.getOffsetForIndex(Math.floor(anchor.index / columns), 'start');
    if (rowTop) virtualizer.scrollToOffset(rowTop[0] - anchor.top);
  });

  // Between renders: an item that grows (its add-task field opens, a name wraps anew), the
  // grid's width (its columns), and the page above the list (its top).
  useItemResizes(containerRef, keyAttribute, measure);

  const onFocus = useCallback(
    (event: FocusEvent) => {
      // Focus inside a card's dialog (a portal) keeps the card that opened it.
      const item =
        event.target instanceof Element ? event.target.closest(`[${keyAttribute}]`) : null;
      if (!item || item.parentElement !== containerRef.current) return;
      setFocusedKey(item.getAttribute(keyAttribute));
    },
    [keyAttribute],
  );

  const reveal = useCallback(
    (key: string) => {
      const index = indexOf.get(key);
      if (index === undefined) return;
      setFocusedKey(key);
      virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'center' });
    },
    [columns, indexOf, virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  const spacers = spacersBefore(items, gap);
  const rows = items.map((item, position) => ({
    index: item.index,
    ...itemsOfRow(item.index, columns, keys.length),
    spacerBefore: spacers[position] ?? 0,
  }));

  return { containerRef, rows, onFocus, reveal };
}
