/**
 * The arithmetic of a list or grid that renders only the rows near the screen (decision 032):
 * items are packed into rows of the grid's column count, and the rows left out are stood in for
 * by spacers of their measured (or estimated) height.
 */

/**
 * How many columns a grid lays out, from its resolved `grid-template-columns` (one length per
 * track, e.g. `"300px 300px 300px"`); 1 for a list, or when nothing is laid out (as in tests).
 */
export function columnCountOf(resolvedColumns: string): number {
  const tracks = resolvedColumns
    .trim()
    .split(/\s+/)
    .filter((track) => /^\d+(\.\d+)?px$/.test(track));
  return Math.max(1, tracks.length);
}

export const rowCountOf = (itemCount: number, columns: number) => Math.ceil(itemCount / columns);

/** The items of one row, as a range of indexes [start, end). */
export function itemsOfRow(row: number, columns: number, itemCount: number) {
  const start = row * columns;
  return { start, end: Math.min(start + columns, itemCount) };
}

export interface LaidOutRow {
  index: number;
  /** Where the row starts and ends, in px from the list's top. */
  start: number;
  end: number;
}

/**
 * The height of the spacer before each rendered row: 0 after the row just above it, else the
 * rows left out between them. The container puts its `gap` on both sides of a spacer, and the
 * layout counts one gap between neighbouring rows.
 */
export function spacersBefore(rendered: LaidOutRow[], gap: number): number[] {
  return rendered.map((row, position) => {
    const previous = rendered[position - 1];
    if (!previous || previous.index === row.index - 1) return 0;
    return Math.max(0, row.start - previous.end - 2 * gap);
  });
}

/** The tallest item of each row, from the heights of the items rendered (by item index). */
export function rowHeights(
  itemHeights: Iterable<[index: number, height: number]>,
  columns: number,
): Map<number, number> {
  const rows = new Map<number, number>();
  for (const [index, height] of itemHeights) {
    const row = Math.floor(index / columns);
    rows.set(row, Math.max(rows.get(row) ?? 0, height));
  }
  return rows;
}

/** An item on screen, and how far below the window's top it starts. */
export interface ViewAnchor {
  index: number;
  top: number;
}

/**
 * The item to keep in place when the grid packs its items anew: the one holding focus if its
 * row is on screen, else the first item of the first row on screen — read from the rows as laid
 * out before (the page has already reflowed when a resize is seen).
 */
export function viewAnchor(
  rows: LaidOutRow[],
  columns: number,
  focusedIndex: number | undefined,
  screen: { top: number; height: number },
): ViewAnchor | null {
  const isOnScreen = (row: LaidOutRow) =>
    row.end > screen.top && row.start < screen.top + screen.height;
  const focusedRow =
    focusedIndex === undefined ? undefined : rows[Math.floor(focusedIndex / columns)];
  if (focusedIndex !== undefined && focusedRow && isOnScreen(focusedRow)) {
    return { index: focusedIndex, top: focusedRow.start - screen.top };
  }
  const topRow = rows.find((row) => row.end > screen.top);
  return topRow ? { index: topRow.index * columns, top: topRow.start - screen.top } : null;
}
