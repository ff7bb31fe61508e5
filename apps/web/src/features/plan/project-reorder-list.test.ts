import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { keyboardStep } from './project-reorder-list.tsx';

const press = (code: string) => {
  const event = new KeyboardEvent('keydown', { code, cancelable: true });
  const args = {
    currentCoordinates: { x: 100, y: 200 },
  } as Parameters<KeyboardCoordinateGetter>[1]; // only the coordinates are read
  return { event, next: keyboardStep(event, args) };
};

describe('keyboardStep (spec §9: keyboard drag step 25 px)', () => {
  it('moves 25 px per arrow press', () => {
    expect(press('ArrowDown').next).toEqual({ x: 100, y: 225 });
    expect(press('ArrowUp').next).toEqual({ x: 100, y: 175 });
    expect(press('ArrowRight').next).toEqual({ x: 125, y: 200 });
    expect(press('ArrowLeft').next).toEqual({ x: 75, y: 200 });
    expect(press('ArrowDown').event.defaultPrevented).toBe(true);
  });

  it('ignores other keys', () => {
    expect(press('KeyA').next).toBeUndefined();
  });
});
