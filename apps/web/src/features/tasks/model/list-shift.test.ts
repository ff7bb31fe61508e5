import { describe, expect, it } from 'vitest';
import { shiftInList } from './list-shift.ts';

describe('a task shifted in its list', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('names the task it then follows, or none when first', () => {
    expect(shiftInList(ids, 'c', 1)).toEqual({ afterTaskId: 'a', place: 2 });
    expect(shiftInList(ids, 'b', 0)).toEqual({ afterTaskId: null, place: 1 });
    expect(shiftInList(ids, 'a', 1)).toEqual({ afterTaskId: 'b', place: 2 });
    expect(shiftInList(ids, 'b', 3)).toEqual({ afterTaskId: 'd', place: 4 });
  });
  it('stays put past either end, in its own place, or when unknown', () => {
    expect(shiftInList(ids, 'a', -1)).toBeNull();
    expect(shiftInList(ids, 'd', 4)).toBeNull();
    expect(shiftInList(ids, 'b', 1)).toBeNull();
    expect(shiftInList(ids, 'x', 0)).toBeNull();
  });
});
