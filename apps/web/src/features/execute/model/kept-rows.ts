/**
 * Which rows of a virtualised list stay rendered wherever the window is (decision 033).
 *
 * - The first and the last row: j/k from outside the rows go to the first or the last row in the
 *   document (decision 022), and from the end of one list to the start of the next.
 * - The focused row and its neighbours: focus must not vanish with a row scrolled away, and j/k
 *   or Alt+↑/↓ must find the true next row in the document, not the next one rendered.
 * - Rows the caller pins: the row being dragged (dnd-kit needs its node for the whole drag) and
 *   the row it is over, and a row asked for by id (the palette, a linked task).
 */
export function keptRowIndexes(
  ids: readonly string[],
  { focusedId, pinnedIds }: { focusedId: string | null; pinnedIds: readonly (string | null)[] },
): number[] {
  if (ids.length === 0) return [];
  const kept = new Set([0, ids.length - 1]);
  const focused = focusedId === null ? -1 : ids.indexOf(focusedId);
  if (focused !== -1) {
    for (const index of [focused - 1, focused, focused + 1]) {
      if (index >= 0 && index < ids.length) kept.add(index);
    }
  }
  for (const id of pinnedIds) {
    const index = id === null ? -1 : ids.indexOf(id);
    if (index !== -1) kept.add(index);
  }
  return [...kept];
}

/** The rows the window shows (with overscan), joined by the kept ones, in list order. */
export function withKeptRows(shown: readonly number[], kept: readonly number[]): number[] {
  return [...new Set([...shown, ...kept])].sort((a, b) => a - b);
}
