import { describe, expect, it } from 'vitest';
import { keptRowIndexes, withKeptRows } from './kept-rows.ts';

const ids = Array.from({ length: 100 }, (_, index) => `t${index}`);

describe('keptRowIndexes', () => {
  it('keeps nothing of an empty list', () => {
    expect(keptRowIndexes([], { focusedId: null, pinnedIds: [] })).toEqual([]);
  });

  it('keeps the first and the last row, for j/k from outside the rows', () => {
    expect(keptRowIndexes(ids, { focusedId: null, pinnedIds: [] }).sort((a, b) => a - b)).toEqual([
      0, 99,
    ]);
  });

  it('keeps the focused row and both neighbours, so j/k and Alt+arrows find them', () => {
    const kept = keptRowIndexes(ids, { focusedId: 't50', pinnedIds: [] });
    expect(kept).toEqual(expect.arrayContaining([49, 50, 51]));
    expect(kept).toHaveLength(5);
  });

  it('stays inside the list at its ends', () => {
    expect(keptRowIndexes(ids, { focusedId: 't99', pinnedIds: [] }).sort((a, b) => a - b)).toEqual([
      0, 98, 99,
    ]);
  });

  it('keeps pinned rows (the dragged one, the one it is over) and ignores ids not on the list', () => {
    const kept = keptRowIndexes(ids, { focusedId: 'gone', pinnedIds: ['t20', null, 't70', 'x'] });
    expect(kept.sort((a, b) => a - b)).toEqual([0, 20, 70, 99]);
  });
});

describe('withKeptRows', () => {
  it('joins the kept rows to those the window shows, once each, in list order', () => {
    expect(withKeptRows([10, 11, 12], [99, 11, 0])).toEqual([0, 10, 11, 12, 99]);
  });
});
