import { describe, expect, it } from 'vitest';
import { rowsToRender } from './kept-rows.ts';

describe('rowsToRender', () => {
  it('renders nothing when there are no rows', () => {
    expect(rowsToRender([], 0)).toEqual([]);
    expect(rowsToRender([], 0, { focused: 3, pinned: [1] })).toEqual([]);
  });

  it('adds the first and the last row to those near the screen, for j/k from outside the rows', () => {
    expect(rowsToRender([40, 41, 42], 67)).toEqual([0, 40, 41, 42, 66]);
    expect(rowsToRender([], 100)).toEqual([0, 99]);
  });

  it('leaves the first and the last row out when asked to (a list j/k do not move through)', () => {
    expect(rowsToRender([40, 41, 42], 67, { ends: false })).toEqual([40, 41, 42]);
    expect(rowsToRender([40, 41], 67, { focused: 10, ends: false })).toEqual([9, 10, 11, 40, 41]);
  });

  it('keeps the row holding focus and its neighbours, wherever the screen is', () => {
    expect(rowsToRender([40, 41], 67, { focused: 10 })).toEqual([0, 9, 10, 11, 40, 41, 66]);
    expect(rowsToRender([0, 1, 2], 67, { focused: 66 })).toEqual([0, 1, 2, 65, 66]);
  });

  it('keeps pinned rows (the dragged one, the one it is over) and ignores those not on the list', () => {
    expect(rowsToRender([], 100, { focused: -1, pinned: [20, -1, 70, 100] })).toEqual([
      0, 20, 70, 99,
    ]);
  });

  it('joins the kept rows to those near the screen, once each, in list order', () => {
    expect(rowsToRender([10, 11, 12], 100, { pinned: [99, 11, 0] })).toEqual([0, 10, 11, 12, 99]);
  });
});
