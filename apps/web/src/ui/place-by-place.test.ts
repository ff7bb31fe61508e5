import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { nextPlace, placeByPlaceCoordinates } from './place-by-place.ts';

// Three rows of a list, the middle one twice as tall (a name on two lines).
const SLOTS = [
  { id: 'a', top: 0, height: 50 },
  { id: 'b', top: 52, height: 100 },
  { id: 'c', top: 154, height: 50 },
];

describe('nextPlace', () => {
  it('takes the next place down in one step, bottom edges level', () => {
    const next = nextPlace(SLOTS, {
      activeId: 'a',
      overId: 'a',
      direction: 1,
      current: { x: 8, y: 0, height: 50 },
    });
    expect(next).toEqual({ x: 8, y: 102 });
  });

  it('goes on from the place it is over, not from where it started', () => {
    const next = nextPlace(SLOTS, {
      activeId: 'a',
      overId: 'b',
      direction: 1,
      current: { x: 8, y: 102, height: 50 },
    });
    expect(next).toEqual({ x: 8, y: 154 });
  });

  it('takes the next place up with top edges level, whatever the list order given', () => {
    const next = nextPlace([...SLOTS].reverse(), {
      activeId: 'c',
      overId: null,
      direction: -1,
      current: { x: 8, y: 154, height: 50 },
    });
    expect(next).toEqual({ x: 8, y: 52 });
  });

  it('comes back to its own place when moved back', () => {
    const next = nextPlace(SLOTS, {
      activeId: 'b',
      overId: 'c',
      direction: -1,
      current: { x: 8, y: 104, height: 100 },
    });
    expect(next).toEqual({ x: 8, y: 52 });
  });

  it('stays put at either end of the list', () => {
    const options = { overId: null, current: { x: 0, y: 0, height: 50 } };
    expect(nextPlace(SLOTS, { ...options, activeId: 'a', direction: -1 })).toBeUndefined();
    expect(nextPlace(SLOTS, { ...options, activeId: 'c', direction: 1 })).toBeUndefined();
  });
});

describe('placeByPlaceCoordinates', () => {
  const press = (code: string) => {
    const event = new KeyboardEvent('keydown', { code, cancelable: true });
    const rect = (top: number, height: number) => ({ top, height, left: 8, width: 300 });
    const args = {
      active: 'b',
      currentCoordinates: { x: 8, y: 52 },
      context: {
        collisionRect: rect(52, 100),
        droppableRects: new Map(SLOTS.map((slot) => [slot.id, rect(slot.top, slot.height)])),
        over: { id: 'b' },
      },
    } as unknown as Parameters<KeyboardCoordinateGetter>[1]; // only these fields are read
    return { event, next: placeByPlaceCoordinates(event, args) };
  };

  it('moves one place per up or down arrow and keeps the page from scrolling', () => {
    const down = press('ArrowDown');
    expect(down.next).toEqual({ x: 8, y: 104 });
    expect(down.event.defaultPrevented).toBe(true);
    expect(press('ArrowUp').next).toEqual({ x: 8, y: 0 });
  });

  it('leaves sideways arrows and other keys alone', () => {
    expect(press('ArrowLeft').next).toBeUndefined();
    expect(press('ArrowLeft').event.defaultPrevented).toBe(false);
    expect(press('KeyA').next).toBeUndefined();
  });
});
