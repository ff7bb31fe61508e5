import type { Collision } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { collisionsInFront, dayDropId, rowDropId } from './day-drop.ts';

/** A collision with a drop target whose node is `node`, as dnd-kit reports it. */
const hit = (id: string, node: HTMLElement): Collision => ({
  id,
  data: { droppableContainer: { id, node: { current: node } }, value: 0 },
});

describe('collisionsInFront', () => {
  it('keeps only the drop targets inside the modal in front; all of them when none is open', () => {
    const page = document.createElement('div');
    const pill = page.appendChild(document.createElement('button'));
    const modal = document.createElement('div');
    const row = modal.appendChild(document.createElement('li'));
    const collisions = [hit(dayDropId('2026-11-29'), pill), hit(rowDropId('t1'), row)];

    expect(collisionsInFront(collisions, modal).map((one) => one.id)).toEqual([rowDropId('t1')]);
    expect(collisionsInFront(collisions, null)).toEqual(collisions);
  });
});
