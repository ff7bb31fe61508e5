import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useRevealTaskRow } from '../../tasks/model/reveal-task-row.ts';
import { useInitialWindowRect } from '../../../ui/use-initial-window-rect.ts';
import { rowsToRender } from '../../../ui/kept-rows.ts';

/**
 * A row before it is measured: a one-line name under its label (task-row.module.css sets a
 * 56 px minimum). Longer names wrap and are measured once rendered.
 */
const ESTIMATED_ROW_PX = 56;
/** Matches the list's 2 px gap and 4 px inner padding (--space-1) of the lists' CSS. */
const ROW_GAP_PX = 2;
const LIST_PADDING_PX = 4;
/** Rows rendered beyond each edge of the window: about a screen's worth on a phone. */
const OVERSCAN_ROWS = 10;
const estimateSize = () => ESTIMATED_ROW_PX;

/**
 * Where the list's content starts in the document, kept up to date while what is above it grows
 * or shrinks (the quick-add field, the planned list above the completed one, the top bar).
 */
function useDocumentTop(listRef: React.RefObject<HTMLElement | null>) {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const list = listRef.current;
      if (!list) return;
      setTop(Math.round(list.getBoundingClientRect().top + window.scrollY + list.clientTop));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // Anything above the list that changes size changes the page's height too.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [listRef]);
  return top;
}

const NOTHING_PINNED: readonly (string | null)[] = [];

/**
 * A list of task rows rendered as window scrolling needs them (issue 12, decision 033): rows in
 * and near the window, measured as they render (long names wrap), plus the rows that must stay
 * (`rowsToRender`). `pinnedIds` (memoised by the caller) are rows it needs rendered.
 */
export function useWindowRows(
  ids: readonly string[],
  pinnedIds: readonly (string | null)[] = NOTHING_PINNED,
) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  const kept = useMemo(() => {
    const indexOf = (id: string | null) => (id === null ? -1 : ids.indexOf(id));
    return { focused: indexOf(focusedId), pinned: pinnedIds.map(indexOf) };
  }, [ids, focusedId, pinnedIds]);
  const rangeExtractor = useCallback(
    (range: Range) => rowsToRender(defaultRangeExtractor(range), range.count, kept),
    [kept],
  );

  // Stable while the ids are: a new key function makes the virtualiser lay out every row again.
  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  const initialRect = useInitialWindowRect();
  const virtualizer = useWindowVirtualizer({
    count: ids.length,
    estimateSize,
    getItemKey,
    gap: ROW_GAP_PX,
    paddingStart: LIST_PADDING_PX,
    paddingEnd: LIST_PADDING_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    initialRect,
    rangeExtractor,
  });

  // The palette or a linked task asks for a row that is not in the page.
  useRevealTaskRow((taskId) => {
    const index = ids.indexOf(taskId);
    if (index === -1) return false;
    // Kept as the focused row: the caller focuses it once it is rendered.
    setFocusedId(taskId);
    virtualizer.scrollToIndex(index, { align: 'center' });
    return true;
  });

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const row = event.target.closest('[data-task-id]');
    if (row) setFocusedId(row.getAttribute('data-task-id'));
  }, []);

  return {
    /** Goes on the list element; its height holds every row, rendered or not. */
    listProps: {
      ref: listRef,
      style: { height: virtualizer.getTotalSize() },
      onFocus,
    },
    rows: virtualizer.getVirtualItems(),
    /** The ref each rendered row's element takes, with `data-index` set, so it is measured. */
    measureRow: virtualizer.measureElement,
    /** A rendered row's place inside the list. */
    topOf: (start: number) => start - scrollMargin,
  };
}
