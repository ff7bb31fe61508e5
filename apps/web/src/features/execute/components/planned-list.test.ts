import { describe, expect, it } from 'vitest';
import { keyboardStep } from './planned-list.tsx';

describe('keyboardStep', () => {
  it('moves a dragged task 25 px up or down per arrow press', () => {
    expect(keyboardStep('ArrowDown', { x: 10, y: 100 })).toEqual({ x: 10, y: 125 });
    expect(keyboardStep('ArrowUp', { x: 10, y: 100 })).toEqual({ x: 10, y: 75 });
  });

  it('ignores sideways arrows and other keys', () => {
    expect(keyboardStep('ArrowLeft', { x: 10, y: 100 })).toBeUndefined();
    expect(keyboardStep('KeyA', { x: 10, y: 100 })).toBeUndefined();
  });
});
