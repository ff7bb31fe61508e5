/**
 * The rows a list that renders only what is near the screen (decisions 032, 033, 035) renders
 * wherever it is scrolled, joined to those near the screen, once each, in list order:
 *
 * - the first and the last row, unless `ends` is false: j/k from outside the rows go to the first
 *   or the last row in the document (decision 022), and from the end of one list to the start of
 *   the next (a modal's list is outside the rows j/k move through);
 * - the focused row and its neighbours: focus must not vanish with a row scrolled away, and j/k
 *   or Alt+↑/↓ must find the true next row in the document, not the next one rendered;
 * - rows the caller pins: the row being dragged (dnd-kit needs its node for the whole drag) and
 *   the row it is over, and a row asked for by id (the palette, a linked task).
 *
 * Indexes outside the list (-1 for a focused or pinned row it does not hold) are ignored.
 */
export function rowsToRender(
  nearScreen: readonly number[],
  rowCount: number,
  {
    focused = null,
    pinned = [],
    ends = true,
  }: { focused?: number | null; pinned?: readonly number[]; ends?: boolean } = {},
): number[] {
  const kept = ends ? [0, rowCount - 1, ...pinned] : [...pinned];
  if (focused !== null) kept.push(focused - 1, focused, focused + 1);
  const rows = new Set(nearScreen);
  for (const row of kept) if (row >= 0 && row < rowCount) rows.add(row);
  return [...rows].sort((a, b) => a - b);
}
