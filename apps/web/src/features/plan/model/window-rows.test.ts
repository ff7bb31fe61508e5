import { describe, expect, it } from 'vitest';
import {
  columnCountOf,
  itemsOfRow,
  rowCountOf,
  rowHeights,
  spacersBefore,
  viewAnchor,
} from './window-rows.ts';

describe('columnCountOf', () => {
  it('counts the tracks of a grid as the browser resolves them', () => {
    expect(columnCountOf('378.656px 378.672px 378.672px')).toBe(3);
    expect(columnCountOf('342px')).toBe(1);
  });

  it('is one column for a list, or a grid not laid out', () => {
    expect(columnCountOf('none')).toBe(1);
    expect(columnCountOf('')).toBe(1);
    // What a browser without layout (a test) reports: the declared template, not tracks.
    expect(columnCountOf('repeat(auto-fill, minmax(300px, 1fr))')).toBe(1);
  });
});

describe('rows of items', () => {
  it('packs items into rows of the column count, the last one short', () => {
    expect(rowCountOf(200, 3)).toBe(67);
    expect(itemsOfRow(0, 3, 200)).toEqual({ start: 0, end: 3 });
    expect(itemsOfRow(66, 3, 200)).toEqual({ start: 198, end: 200 });
    expect(rowCountOf(0, 3)).toBe(0);
  });

  it('sets a row to its tallest item', () => {
    const heights = rowHeights(
      [
        [0, 300],
        [1, 420],
        [2, 280],
        [3, 250],
      ],
      3,
    );
    expect([...heights]).toEqual([
      [0, 420],
      [1, 250],
    ]);
  });
});

describe('spacersBefore', () => {
  it('puts no spacer between neighbouring rows', () => {
    const rows = [
      { index: 0, start: 0, end: 300 },
      { index: 1, start: 316, end: 600 },
    ];
    expect(spacersBefore(rows, 16)).toEqual([0, 0]);
  });

  it('fills the rows left out, less the gap the container puts on each side of a spacer', () => {
    // Rows 1–3 (300 px each) are left out: 3 × 300 + their 4 gaps between rows 0 and 4.
    const rows = [
      { index: 0, start: 0, end: 300 },
      { index: 4, start: 1264, end: 1564 },
    ];
    const [, spacer] = spacersBefore(rows, 16);
    expect(spacer).toBe(3 * 300 + 2 * 16);
    // Laid out: row 0, gap, spacer, gap, row 4 — row 4 lands where it belongs.
    expect(300 + 16 + spacer! + 16).toBe(1264);
  });
});

describe('viewAnchor', () => {
  // Rows of 3 items, 400 px each with a 16 px gap; the screen shows 1,000–1,800.
  const rows = Array.from({ length: 10 }, (_, index) => ({
    index,
    start: index * 416,
    end: index * 416 + 400,
  }));
  const screen = { top: 1000, height: 800 };

  it('keeps the focused item where it is on screen', () => {
    // Item 10 is in row 3 (1,248–1,648).
    expect(viewAnchor(rows, 3, 10, screen)).toEqual({ index: 10, top: 248 });
  });

  it('keeps the first row on screen when focus is elsewhere or nowhere', () => {
    // Row 2 (832–1,232) is the first that reaches into the screen; it starts 168 px above.
    expect(viewAnchor(rows, 3, 27, screen)).toEqual({ index: 6, top: -168 });
    expect(viewAnchor(rows, 3, undefined, screen)).toEqual({ index: 6, top: -168 });
  });

  it('has nothing to keep in an empty list', () => {
    expect(viewAnchor([], 3, undefined, screen)).toBeNull();
  });
});
